import { lazy, Suspense } from 'react'
import { useToastsWanted } from '~/lib/toast'

const Container = lazy(() => import('react-toastify').then((m) => ({ default: m.ToastContainer })))

/** react-toastify's container, mounted once the page first asks for a toast (~/lib/toast). */
export function ToastHost() {
  if (!useToastsWanted()) return null
  return (
    <Suspense fallback={null}>
      {/* Top-right, 5000 ms by default (spec §9). */}
      <Container position="top-right" autoClose={5000} newestOnTop closeOnClick />
    </Suspense>
  )
}
