import { redirect } from 'react-router'
import { sharedAnswer } from '../../server/http/cache-headers'
import type { Route } from './+types/busca-form'
import { searchPath } from '../../contract/urls'

/** GET /busca?q=… — the search form without JavaScript lands here and goes on to /busca/{text}. */
export function loader({ request }: Route.LoaderArgs) {
  const q = new URL(request.url).searchParams.get('q') ?? ''
  // A redirect skips the headers export: the mark goes on the response itself.
  return redirect(searchPath(q) ?? '/', { headers: sharedAnswer() })
}
