import { Link } from 'react-router'
import { ClockIcon, MailIcon, PhoneIcon, PinIcon, ShieldIcon, WhatsappIcon } from '../ui/icons'
import { PaymentBadges } from '../ui/PaymentBadges'
import { whenVisible } from '~/lib/deferred'
import { useShellData } from './shell-state'
import { categoryPath } from '../../../contract/urls'

export const INFO_LINKS = [
  { to: '/sobre/quem-somos/', label: 'Quem somos' },
  { to: '/sobre/entregas/', label: 'Entregas e frete' },
  { to: '/sobre/trocas-e-devolucoes/', label: 'Trocas e devoluções' },
  { to: '/sobre/privacidade/', label: 'Política de privacidade' },
  { to: '/sobre/termos-de-uso/', label: 'Termos de uso' },
  { to: '/afiliados/', label: 'Programa de afiliados' },
] as const

const heading = 'mb-3 text-sm font-bold tracking-wide text-white uppercase'
const linkClass = 'text-brand-100 hover:text-white hover:underline'

// The newsletter form's code loads when the footer comes near the screen (decision 0064).
const NewsletterForm = whenVisible(
  () => import('./NewsletterForm').then((m) => m.NewsletterForm),
  import.meta.env.SSR ? (await import('./NewsletterForm')).NewsletterForm : null,
  'w-full max-w-md',
)

export function Footer() {
  const { store, departamentos } = useShellData()
  const whatsappDigits = store.whatsapp.replace(/\D/g, '')
  const e = store.endereco
  return (
    <footer className="mt-12 bg-brand-900 text-sm text-brand-100" id="atendimento">
      <div className="border-b border-white/10 bg-brand-800">
        <div className="container-page flex flex-col gap-4 py-8 md:flex-row md:items-center md:justify-between">
          <div>
            <h2 className="text-xl font-bold text-white">Ofertas exclusivas por e-mail</h2>
            <p className="text-brand-100">Cupons, lançamentos e promoções relâmpago antes de todo mundo.</p>
          </div>
          <NewsletterForm />
        </div>
      </div>

      <div className="container-page grid gap-8 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <section aria-labelledby="rodape-atendimento">
          <h2 id="rodape-atendimento" className={heading}>
            Atendimento
          </h2>
          <ul className="space-y-2.5">
            <li>
              <a href={`https://wa.me/${whatsappDigits}`} className={`${linkClass} flex items-center gap-2`} target="_blank" rel="noreferrer">
                <WhatsappIcon width={18} height={18} /> WhatsApp {store.whatsapp}
              </a>
            </li>
            <OpeningHours horarios={store.horarios} />
            <li>
              <a href={`mailto:${store.email}`} className={`${linkClass} flex items-center gap-2`}>
                <MailIcon width={18} height={18} /> {store.email}
              </a>
            </li>
            <li>
              <Link to="/app/baixar/" className={`${linkClass} flex items-center gap-2`}>
                <PhoneIcon width={18} height={18} /> Baixe o app da Vitrine
              </Link>
            </li>
          </ul>
        </section>

        <nav aria-labelledby="rodape-informacoes">
          <h2 id="rodape-informacoes" className={heading}>
            Informações
          </h2>
          <ul className="space-y-2">
            {INFO_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className={linkClass}>
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <nav aria-labelledby="rodape-departamentos">
          <h2 id="rodape-departamentos" className={heading}>
            Departamentos
          </h2>
          <ul className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-1">
            {departamentos.map((c) => (
              <li key={c.ndi}>
                <Link to={categoryPath(c.ndi)} className={linkClass}>
                  {c.titulo}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <section aria-labelledby="rodape-pagamento" className="space-y-6">
          <div>
            <h2 id="rodape-pagamento" className={heading}>
              Formas de pagamento
            </h2>
            <PaymentBadges />
          </div>
          <div>
            <h2 className={heading}>Redes sociais</h2>
            <ul className="flex flex-wrap gap-2">
              {store.redesSociais.map((r) => (
                <li key={r.rede}>
                  <a
                    href={r.url}
                    target="_blank"
                    rel="noreferrer"
                    className="inline-block rounded-full border border-white/20 px-3 py-1 text-white hover:bg-white/10"
                  >
                    {r.rede}
                  </a>
                </li>
              ))}
            </ul>
          </div>
          <p className="flex items-center gap-2 text-brand-100">
            <ShieldIcon width={18} height={18} /> Compra 100% segura
          </p>
        </section>
      </div>

      <div className="border-t border-white/10">
        <div className="container-page flex flex-col gap-2 py-5 text-xs text-brand-200 md:flex-row md:items-center md:justify-between">
          <p className="flex items-start gap-2">
            <PinIcon width={16} height={16} className="shrink-0" />
            <span>
              {store.razaoSocial} · CNPJ {store.cnpj} · {e.logradouro}, {e.numero}
              {e.complemento ? `, ${e.complemento}` : ''} — {e.bairro}, {e.cidade}/{e.uf} · CEP {e.cep}
            </span>
          </p>
          <p>
            © {new Date().getFullYear()} {store.nome}. Preços e condições válidos para compras no site.
          </p>
        </div>
      </div>
    </footer>
  )
}

/** The store's opening hours as a list item (footer and the Atendimento panel). */
export function OpeningHours({ horarios }: { horarios: ReadonlyArray<{ dias: string; abre: string; fecha: string }> }) {
  return (
    <li className="flex items-start gap-2">
      <ClockIcon width={18} height={18} className="mt-0.5 shrink-0" />
      <span>
        {horarios.map((h) => (
          <span key={h.dias} className="block">
            {h.dias}: {h.abre} às {h.fecha}
          </span>
        ))}
      </span>
    </li>
  )
}
