import { redirect } from 'react-router'
import { searchPath } from '~/lib/search'
import type { Route } from './+types/busca-form'

/** GET /busca?q=… — the search form without JavaScript lands here and goes on to /busca/{text}. */
export function loader({ request }: Route.LoaderArgs) {
  const q = new URL(request.url).searchParams.get('q') ?? ''
  return redirect(searchPath(q) ?? '/')
}
