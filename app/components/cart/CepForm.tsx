import { CepInput } from '../ui/CepInput'

/**
 * The CEP form the cart panel and the product page's "Calcular frete" share. Its own module, with
 * no call to the API: the product page shows it on first load and loads the quote's call only when
 * asked (ShippingQuoteBox), as COMPRAR does (decision 0064).
 */

export const CORREIOS_CEP_SEARCH = 'https://buscacepinter.correios.com.br/app/endereco/index.php'

export const SHIPPING_ERROR_PREFIX = 'Não foi possível calcular o frete: '

/** 'Não sei meu CEP': the Correios' own search, in a new tab. */
export function CepHelpLink() {
  return (
    <a href={CORREIOS_CEP_SEARCH} target="_blank" rel="noreferrer" className="text-xs font-medium text-brand-700 underline hover:no-underline">
      Não sei meu CEP
    </a>
  )
}

/** The CEP and CALCULAR ('CALCULANDO...' while busy) of the panel and the product page. */
export function CepForm(props: { id: string; cep: string; onCep: (masked: string) => void; calculating: boolean; onCalculate: () => void }) {
  return (
    <form
      className="flex gap-2"
      onSubmit={(e) => {
        e.preventDefault()
        props.onCalculate()
      }}
    >
      <CepInput
        id={props.id}
        value={props.cep}
        onChange={props.onCep}
        className="h-10 min-w-0 flex-1 rounded-lg border border-ink-300 px-3 text-sm outline-none focus:border-brand-500"
      />
      <button type="submit" disabled={props.calculating} className="btn-primary h-10 shrink-0 px-4 text-sm empty:hidden!" aria-busy={props.calculating}>
        {props.calculating ? 'CALCULANDO...' : 'CALCULAR'}
      </button>
    </form>
  )
}
