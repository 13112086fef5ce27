import { Link, useLocation } from 'react-router'
import { loginPath } from '~/lib/login'

/** '1 dia útil', '4 dias úteis'. */
export const diasUteis = (n: number): string => `${n} ${n === 1 ? 'dia útil' : 'dias úteis'}`

export const CARD = 'rounded-card bg-white p-5 shadow-card ring-1 ring-ink-100'

/** The three-step bar of /checkout: Informações, Entrega, Pagamento. */
export function StepBar({ current }: { current: 0 | 1 | 2 }) {
  return (
    <ol aria-label="Etapas da compra" className="grid grid-cols-3 items-center gap-2 text-sm">
      {['Informações', 'Entrega', 'Pagamento'].map((name, i) => (
        <li key={name} aria-current={i === current ? 'step' : undefined} className="flex items-center gap-2">
          <span
            className={`flex h-7 w-7 shrink-0 items-center justify-center rounded-full font-bold ${i <= current ? 'bg-brand-600 text-white' : 'bg-ink-100 text-ink-500'}`}
          >
            {i + 1}
          </span>
          <span className={i === current ? 'font-bold text-ink-900' : 'text-ink-500'}>{name}</span>
        </li>
      ))}
    </ol>
  )
}

/**
 * The prompt of the checkout codes: 'auth' log in (and come back to this page),
 * 'sedrc' add an address, 'EsEdrc' choose one; any other refusal as it is, with the way back to the cart.
 */
export function CheckoutPrompt({ code }: { code: string }) {
  const here = useLocation()
  if (code === 'auth') {
    return (
      <div className={CARD} role="alert">
        <p className="text-ink-900">Entre na sua conta para continuar a compra.</p>
        <div className="mt-3 flex flex-wrap gap-2">
          <Link to={loginPath(here.pathname + here.search)} className="btn-primary">
            Entrar
          </Link>
          <Link to="/compras/carrinho" className="btn-ghost">
            Voltar ao carrinho
          </Link>
        </div>
      </div>
    )
  }
  if (code === 'sedrc') {
    return (
      <div className={CARD} role="alert">
        <p className="text-ink-900">Cadastre um endereço de entrega para continuar.</p>
        <Link to="/endereco/cep/" className="btn-primary mt-3">
          Cadastrar endereço
        </Link>
      </div>
    )
  }
  if (code === 'EsEdrc') {
    return (
      <div className={CARD} role="alert">
        <p className="text-ink-900">Selecione o endereço de entrega.</p>
        <Link to="/endereco?show=true" className="btn-primary mt-3">
          Escolher endereço
        </Link>
      </div>
    )
  }
  // A refusal in words ('Estoque insuficiente para …', 'O seu carrinho está vazio.'): the cart is where it is fixed.
  return (
    <div className={CARD} role="alert">
      <p className="text-ink-900">{code}</p>
      <Link to="/compras/carrinho" className="btn-ghost mt-3">
        Voltar ao carrinho
      </Link>
    </div>
  )
}
