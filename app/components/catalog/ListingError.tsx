import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router'
import { EmptyResults } from './EmptyResults'

/**
 * What a listing shows when its loader failed (a failed request reads like no results),
 * with a way to try the same address again.
 */
export function ListingError() {
  const error = useRouteError()
  const location = useLocation()
  const notFound = isRouteErrorResponse(error) && error.status === 404
  return (
    <div className="container-page py-8">
      <EmptyResults headingLevel="h1">
        {notFound ? null : (
          <a href={`${location.pathname}${location.search}`} className="font-semibold text-brand-700 hover:underline">
            Tentar novamente
          </a>
        )}
      </EmptyResults>
    </div>
  )
}
