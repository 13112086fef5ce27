import { Link, data } from 'react-router'
import { sharedAnswer } from '../../server/http/cache-headers'
import type { Route } from './+types/not-found'

/** Any unknown path: the spec's 404 page, served with HTTP status 404. */
export function loader() {
  return data(null, { status: 404 })
}

export const headers: Route.HeadersFunction = () => sharedAnswer()

export const meta: Route.MetaFunction = () => [{ title: 'Página não encontrada | Vitrine' }, { name: 'robots', content: 'noindex' }]

export default function NotFound() {
  return <NotFoundContent />
}

export function NotFoundContent() {
  return (
    <section className="container-page flex min-h-[55vh] flex-col items-center justify-center gap-5 py-16 text-center">
      <p className="text-7xl font-black text-brand-500" aria-hidden="true">
        404
      </p>
      <h1 className="text-3xl font-bold text-ink-900">Oops! página não encontra!</h1>
      <p className="max-w-md text-ink-500">A página que você está procurando não existe ou foi removida.</p>
      <Link to="/" className="btn-primary">
        Voltar para a página inicial
      </Link>
    </section>
  )
}
