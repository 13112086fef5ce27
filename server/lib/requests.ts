import { isbot } from 'isbot'
import { NOT_A_VIEW_HEADER } from '../../contract/catalog'

/**
 * Whether a request is a shopper looking at a page: crawlers, speculative prefetches and the
 * page's own follow-up reads do not count as product views ('MAIS ACESSADOS').
 */
export function countsAsView(request: Request): boolean {
  if (request.method !== 'GET' || request.headers.has(NOT_A_VIEW_HEADER)) return false
  const purpose = `${request.headers.get('sec-purpose') ?? ''} ${request.headers.get('purpose') ?? ''}`
  if (/prefetch|prerender/i.test(purpose)) return false
  return !isbot(request.headers.get('user-agent') ?? '')
}
