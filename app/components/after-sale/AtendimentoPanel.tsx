import { useEffect, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { faleConoscoRequestSchema } from '../../../contract/after-sale'
import { Captcha } from '~/components/account/Captcha'
import { Field, Note, TextArea } from '~/components/account/Field'
import { useSchemaForm } from '~/components/account/form'
import { useShellData, useShellUi } from '~/components/layout/shell-state'
import { MailIcon, WhatsappIcon } from '~/components/ui/icons'
import { OpeningHours } from '~/components/layout/Footer'
import { Drawer } from '~/components/ui/Drawer'
import { call } from '~/lib/api'

/** The order code of the page the panel was opened from (/compras/pedido/{code}), or ''. */
export function orderCodeOf(pathname: string): string {
  const match = /^\/compras\/pedido\/(VT-\d{4}-\d{6})\/?$/i.exec(pathname)
  return match ? match[1]!.toUpperCase() : ''
}

/** The wa.me link with a prefilled message, naming the order when there is one. */
export function whatsappLink(whatsapp: string, storeName: string, orderCode: string): string {
  const text = orderCode ? `Olá, ${storeName}! Preciso de ajuda com o pedido ${orderCode}.` : `Olá, ${storeName}! Preciso de ajuda.`
  return `https://wa.me/${whatsapp.replace(/\D/g, '')}?text=${encodeURIComponent(text)}`
}

/**
 * 'Atendimento': the store's WhatsApp, e-mail and hours, the exchange policy and the
 * 'Fale conosco' form. Loaded only when first opened (app/components/layout/AtendimentoSlot.tsx).
 * The captcha is for visitors only: each time the panel opens it asks the server who is writing
 * (GET /_next/api/fale-conosco/); a logged-in customer gets their name and e-mail filled in and no
 * captcha (the server asks none of a customer and still requires it of a visitor). An order page
 * means a logged-in customer, so the captcha never shows there.
 */
export default function AtendimentoPanel() {
  const { atendimentoOpen: open, closeAtendimento: close } = useShellUi()
  const { store } = useShellData()
  const { pathname } = useLocation()
  const pedido = orderCodeOf(pathname)
  // undefined while asking; null: a visitor.
  const [sender, setSender] = useState<{ nome: string; email: string } | null | undefined>(undefined)
  const form = useSchemaForm(faleConoscoRequestSchema, { nome: '', email: '', pedido, assunto: '', mensagem: '', altcha: '' }, async (values) => {
    const r = await call('faleConosco', values)
    if (!r.ok) return { tone: 'error', msg: r.msg }
    form.reset()
    return { tone: 'success', msg: r.data.msg }
  })
  // Asked each time the panel opens (the shopper may have logged in or out meanwhile). `set` only
  // queues a state change, so the one of the opening render is good; the fields typed are kept.
  const { values, set } = form
  useEffect(() => {
    if (!open) return
    let live = true
    void call('faleConoscoContato', {}, { cache: 'no-store' }).then((r) => {
      if (!live) return
      const who = r.ok ? r.data.cliente : null
      setSender(who)
      if (who && !values.nome) set('nome', who.nome)
      if (who && !values.email) set('email', who.email)
    })
    return () => {
      live = false
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opening, not per keystroke
  }, [open])
  const visitor = !pedido && sender === null
  return (
    <Drawer open={open} onClose={close} side="right" titleId="atendimento-titulo" title="Atendimento" closeLabel="Fechar atendimento" className="max-w-[420px]">
      <div className="flex-1 overflow-y-auto px-4 py-4">
        <ul className="flex flex-col gap-3 text-sm text-ink-700">
          <li>
            <a
              href={whatsappLink(store.whatsapp, store.nome, pedido)}
              target="_blank"
              rel="noreferrer"
              className="flex items-center gap-2 rounded-lg bg-pix-50 px-3 py-2 font-semibold text-pix-600 hover:underline"
            >
              <WhatsappIcon width={20} height={20} /> WhatsApp {store.whatsapp}
              {pedido ? <span className="font-normal text-ink-500">· pedido {pedido}</span> : null}
            </a>
          </li>
          <li className="flex items-center gap-2">
            <MailIcon width={18} height={18} />
            <a href={`mailto:${store.email}`} className="text-brand-700 hover:underline">
              {store.email}
            </a>
          </li>
          <OpeningHours horarios={store.horarios} />
          <li>
            <Link to="/sobre/trocas-e-devolucoes/" onClick={close} className="text-brand-700 hover:underline">
              Trocas e devoluções
            </Link>
          </li>
        </ul>

        <h3 className="mt-6 mb-3 text-base font-extrabold text-ink-900">Fale conosco</h3>
        <form noValidate className="flex flex-col gap-3" onSubmit={form.onSubmit}>
          <Field id="fale-nome" label="Nome" autoComplete="name" maxLength={120} {...form.field('nome')} />
          <Field id="fale-email" label="E-mail" type="email" autoComplete="email" maxLength={254} {...form.field('email')} />
          <Field id="fale-pedido" label="Pedido (opcional)" placeholder="VT-2026-000124" maxLength={14} {...form.field('pedido')} />
          <Field id="fale-assunto" label="Assunto" maxLength={120} {...form.field('assunto')} />
          <TextArea id="fale-mensagem" label="Mensagem" maxLength={2000} {...form.field('mensagem')} />
          {visitor ? <Captcha onChange={(payload) => form.set('altcha', payload)} error={form.errors.altcha} /> : null}
          <Note note={form.note} />
          <button type="submit" className="btn-primary h-11" disabled={form.sending}>
            {form.sending ? 'Enviando…' : 'Enviar mensagem'}
          </button>
        </form>
      </div>
    </Drawer>
  )
}
