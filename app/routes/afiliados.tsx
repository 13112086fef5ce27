import { Link } from 'react-router'
import { sharedAnswer } from '../../server/http/cache-headers'
import type { Route } from './+types/afiliados'

export const headers: Route.HeadersFunction = () => sharedAnswer()

export const meta: Route.MetaFunction = () => [
  { title: 'Programa de afiliados | Vitrine' },
  { name: 'description', content: 'Indique produtos da Vitrine e ganhe comissão em cada venda.' },
]

const BENEFITS = [
  ['Comissão em cada venda', 'Ganhe uma porcentagem de cada compra feita a partir do seu link.'],
  ['Milhares de produtos', 'Smartphones, notebooks, TVs, games e acessórios para indicar.'],
  ['Pagamento via Pix', 'Receba suas comissões todo mês, direto na sua conta.'],
] as const

export default function Afiliados() {
  return (
    <section className="container-page py-10">
      <div className="rounded-2xl bg-gradient-to-br from-brand-700 to-brand-900 px-6 py-12 text-center text-white sm:px-12">
        <h1 className="text-3xl font-extrabold sm:text-4xl">Programa de afiliados Vitrine: ganhe comissão em cada venda</h1>
        <p className="mx-auto mt-4 max-w-2xl text-brand-100">
          Compartilhe produtos com seu público e seja recompensado por cada compra feita a partir das suas indicações.
        </p>
        <Link to="/" className="mt-8 inline-flex rounded-lg bg-accent-500 px-6 py-3 font-bold text-white hover:bg-accent-600">
          Seja um afiliado
        </Link>
      </div>
      <ul className="mt-8 grid gap-4 sm:grid-cols-3">
        {BENEFITS.map(([t, d]) => (
          <li key={t} className="rounded-card bg-white p-6 shadow-card">
            <h2 className="font-bold text-ink-900">{t}</h2>
            <p className="mt-2 text-ink-500">{d}</p>
          </li>
        ))}
      </ul>
    </section>
  )
}
