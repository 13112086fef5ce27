import { lazy, Suspense } from 'react'
import { useLocation } from 'react-router'
import { useToastsWanted } from '~/lib/toast'

const Container = lazy(() => import('react-toastify').then((m) => ({ default: m.ToastContainer })))

/** react-toastify's container, mounted once the page first asks for a toast (~/lib/toast). */
export function ToastHost() {
  const { pathname } = useLocation()
  if (!useToastsWanted()) return null
  // The store: top-right, 5000 ms by default. The back office: bottom-right, where the
  // answer to an action does not cover the page header's next action (its buttons sit top-right).
  const admin = pathname === '/admin' || pathname.startsWith('/admin/')
  return (
    <Suspense fallback={null}>
      <Container position={admin ? 'bottom-right' : 'top-right'} autoClose={5000} newestOnTop closeOnClick />
    </Suspense>
  )
}
