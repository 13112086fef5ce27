import { Link } from 'react-router'

/** Where a shopper without an account, or without the password, goes from the login. */
export function AccountLinks() {
  return (
    <div className="mt-6 space-y-2 border-t border-ink-100 pt-4 text-center text-sm text-ink-500">
      <p>
        Ainda não tem conta?{' '}
        <Link to="/cliente/cadastro/" className="font-semibold text-brand-700 hover:underline">
          Cadastre-se
        </Link>
      </p>
      <p>
        <Link to="/cliente/recuperar-senha/" className="font-semibold text-brand-700 hover:underline">
          Esqueci minha senha
        </Link>
      </p>
    </div>
  )
}
