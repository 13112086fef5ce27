import { Link } from 'react-router'
import { sharedAnswer } from '../../server/http/cache-headers'
import { INFO_PAGES } from '~/content/sobre'
import type { Route } from './+types/sobre'

export function loader({ params }: Route.LoaderArgs) {
  return { id: params.id, page: INFO_PAGES[params.id] ?? null }
}

export const headers: Route.HeadersFunction = () => sharedAnswer()

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.page?.titulo ?? 'Sobre a Vitrine'} | Vitrine` },
  { name: 'description', content: data?.page?.resumo ?? 'Conheça a Vitrine, loja online de eletrônicos.' },
]

export default function Sobre({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData
  return (
    <article className="container-page max-w-3xl py-10">
      {page ? (
        <>
          <h1 className="text-3xl font-bold text-ink-900">{page.titulo}</h1>
          <p className="mt-3 text-lg text-ink-700">{page.resumo}</p>
          {page.secoes.map((s, i) => (
            <section key={i} className="mt-6 space-y-3 text-ink-700">
              {s.titulo ? <h2 className="text-xl font-semibold text-ink-900">{s.titulo}</h2> : null}
              {s.texto.map((t) => (
                <p key={t}>{t}</p>
              ))}
            </section>
          ))}
        </>
      ) : (
        <>
          <h1 className="text-3xl font-bold text-ink-900">Sobre a Vitrine</h1>
          <p className="mt-3 text-ink-700">Esta página está sendo atualizada.</p>
        </>
      )}
      <p className="mt-8 rounded-lg bg-brand-50 p-4 text-brand-800">
        Novidade:{' '}
        <Link to="/sobre/mudamos" className="font-semibold underline">
          saiba o que mudou na Vitrine
        </Link>
        .
      </p>
    </article>
  )
}
