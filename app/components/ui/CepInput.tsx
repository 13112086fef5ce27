import { maskCep } from '../../../contract/masks'

type Props = Omit<React.InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> & {
  value: string
  /** Gets the typed text masked as 99.999-999. */
  onChange: (masked: string) => void
}

/** The store's CEP field (cart panel's estimate, CEP entry screen): numeric keyboard, autofill, 99.999-999 as typed. */
export function CepInput({ value, onChange, ...rest }: Props) {
  return (
    <input
      inputMode="numeric"
      autoComplete="postal-code"
      placeholder="00.000-000"
      {...rest}
      value={value}
      onChange={(e) => onChange(maskCep(e.target.value))}
    />
  )
}
