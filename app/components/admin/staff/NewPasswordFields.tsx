import { Field } from '~/components/admin/Field'

/** A new password and its repetition, as every staff form that sets one asks them (invitation, reset, Segurança). */
export function NewPasswordFields({
  label,
  confirmLabel = 'Repita a senha',
  name = 'senha',
  idPrefix = '',
  autoFocus,
}: {
  label: string
  confirmLabel?: string
  name?: string
  idPrefix?: string
  autoFocus?: boolean
}) {
  return (
    <>
      <Field
        id={`${idPrefix}${name}`}
        label={label}
        name={name}
        type="password"
        autoComplete="new-password"
        required
        autoFocus={autoFocus}
        hint="Pelo menos 8 caracteres, com letras e números."
      />
      <Field id={`${idPrefix}confirmacao`} label={confirmLabel} name="confirmacao" type="password" autoComplete="new-password" required />
    </>
  )
}
