import { useState } from 'react'
import { contaExcluirRequestSchema, contaExportarRequestSchema } from '../../../contract/account'
import { call } from '~/lib/api'
import { Field, Note } from './Field'
import { useSchemaForm } from './form'
import { Section } from './Section'

/** LGPD: download everything as JSON, or ask for deletion — each confirmed by the password. */
export function PrivacySection() {
  const [open, setOpen] = useState<'exportar' | 'excluir' | null>(null)
  const removal = useSchemaForm(contaExcluirRequestSchema, { senha: '' }, async (values) => {
    const r = await call('contaExcluir', values)
    if (!r.ok) return { tone: 'error', msg: r.msg }
    window.location.assign('/')
    return 'leaving'
  })
  const download = useSchemaForm(contaExportarRequestSchema, { senha: '' }, async (values) => {
    const r = await call('contaExportar', values)
    if (!r.ok) return { tone: 'error', msg: r.msg }
    const url = URL.createObjectURL(new Blob([JSON.stringify(r.data, null, 2)], { type: 'application/json' }))
    const link = document.createElement('a')
    link.href = url
    link.download = 'meus-dados-vitrine.json'
    link.click()
    setTimeout(() => URL.revokeObjectURL(url), 1000)
    return { tone: 'success', msg: 'Arquivo com os seus dados baixado.' }
  })

  return (
    <Section id="privacidade" title="Privacidade e dados (LGPD)">
      <p className="text-sm text-ink-500">
        Você pode baixar uma cópia de todos os dados que guardamos sobre você ou pedir a exclusão da sua conta. Na exclusão, seus dados pessoais são
        anonimizados na hora; os registros de pedidos já feitos ficam guardados pelo prazo que a lei fiscal exige.
      </p>
      {open === null ? (
        <div className="mt-4 flex flex-wrap gap-3">
          <button type="button" className="btn-ghost" onClick={() => setOpen('exportar')}>
            Baixar meus dados (JSON)
          </button>
          <button type="button" className="btn-ghost text-danger-600" onClick={() => setOpen('excluir')}>
            Excluir minha conta
          </button>
        </div>
      ) : null}
      {open === 'exportar' ? (
        <form noValidate className="mt-4 space-y-3 rounded-lg border border-ink-100 bg-brand-50 p-4" onSubmit={download.onSubmit}>
          <p className="text-sm font-semibold text-ink-700">Para baixar os seus dados, confirme com a sua senha.</p>
          <Field id="exportar-senha" label="Senha" type="password" autoComplete="current-password" {...download.field('senha')} />
          <Note note={download.note} />
          <div className="flex gap-3">
            <button type="submit" className="btn-primary" disabled={download.sending}>
              Baixar meus dados
            </button>
            <button type="button" className="btn-ghost" onClick={() => setOpen(null)}>
              Fechar
            </button>
          </div>
        </form>
      ) : null}
      {open === 'excluir' ? (
        <form noValidate className="mt-4 space-y-3 rounded-lg border border-red-200 bg-red-50 p-4" onSubmit={removal.onSubmit}>
          <p className="text-sm font-semibold text-danger-600">Esta ação não pode ser desfeita. Confirme com a sua senha.</p>
          <Field id="excluir-senha" label="Senha" type="password" autoComplete="current-password" {...removal.field('senha')} />
          <Note note={removal.note} />
          <div className="flex gap-3">
            <button
              type="submit"
              className="inline-flex items-center rounded-lg bg-danger-600 px-4 py-2 font-semibold text-white disabled:opacity-60"
              disabled={removal.sending}
            >
              Excluir definitivamente
            </button>
            <button type="button" className="btn-ghost" onClick={() => setOpen(null)}>
              Cancelar
            </button>
          </div>
        </form>
      ) : null}
    </Section>
  )
}
