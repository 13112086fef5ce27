import { isbot } from 'isbot'

/**
 * Whether a request is a shopper looking at a page: crawlers and speculative prefetches do not
 * count as product views ('MAIS ACESSADOS').
 */
export function countsAsView(request: Request): boolean {
  if (request.method !== 'GET') return false
  const purpose = `${request.headers.get('sec-purpose') ?? ''} ${request.headers.get('purpose') ?? ''}`
  if (/prefetch|prerender/i.test(purpose)) return false
  return !isbot(request.headers.get('user-agent') ?? '')
}
