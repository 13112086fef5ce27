import { sharedAnswer } from '../../server/http/cache-headers'
import type { Route } from './+types/app-baixar'

export const headers: Route.HeadersFunction = () => sharedAnswer()

export const meta: Route.MetaFunction = () => [
  { title: 'Baixe o app | Vitrine' },
  { name: 'description', content: 'Tenha a Vitrine na tela inicial do seu celular.' },
]

const STEPS = [
  ['Android (Chrome)', 'Abra o menu ⋮ do navegador e toque em “Instalar app” ou “Adicionar à tela inicial”.'],
  ['iPhone (Safari)', 'Toque em Compartilhar e depois em “Adicionar à Tela de Início”.'],
  ['Computador', 'No Chrome ou Edge, clique no ícone de instalação na barra de endereço.'],
] as const

/** The store is installable as a web app (manifest.webmanifest): this page says how. */
export default function AppBaixar() {
  return (
    <section className="container-page max-w-4xl py-10">
      <h1 className="text-3xl font-extrabold text-ink-900">Baixe o app da Vitrine</h1>
      <p className="mt-3 text-lg text-ink-700">
        Instale a Vitrine no seu celular em segundos, sem ocupar espaço: acompanhe ofertas, seu carrinho e seus pedidos com um toque.
      </p>
      <ol className="mt-8 grid gap-4 sm:grid-cols-3">
        {STEPS.map(([t, d], i) => (
          <li key={t} className="rounded-card bg-white p-6 shadow-card">
            <span className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-600 font-bold text-white">{i + 1}</span>
            <h2 className="mt-3 font-bold text-ink-900">{t}</h2>
            <p className="mt-2 text-ink-500">{d}</p>
          </li>
        ))}
      </ol>
    </section>
  )
}
