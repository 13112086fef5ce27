import { data } from 'react-router'

/** An /admin address that does not exist: the admin 404 (not the storefront's). */
export function loader() {
  throw data({ msg: 'Página não encontrada' }, { status: 404 })
}

export default function AdminNotFound() {
  return null
}
