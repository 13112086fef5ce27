import { useState } from 'react'
import { COMPANY_MESSAGES, companyProblem } from '../../../contract/company'
import { maskCnpj } from '../../../contract/masks'
import { Field } from '~/components/account/Field'

export type CompanyValues = { cnpj: string; razaoSocial: string; ie: string; isento: boolean }
type CompanyField = 'cnpj' | 'razaoSocial' | 'ie'

export const emptyCompany = (initial?: { cnpj: string; razaoSocial: string; ie: string } | null): CompanyValues => ({
  cnpj: initial ? maskCnpj(initial.cnpj) : '',
  razaoSocial: initial?.razaoSocial ?? '',
  ie: initial && initial.ie !== 'ISENTO' ? initial.ie : '',
  isento: initial?.ie === 'ISENTO',
})

/** What the server takes: the IE's digits, or ISENTO. */
export const companyPayload = (v: CompanyValues, cnpj = v.cnpj) => ({ cnpj, razaoSocial: v.razaoSocial.trim(), ie: v.isento ? 'ISENTO' : v.ie })

/** The first company field that fails (in the form's order), as its message; null when all pass. */
export function companyFault(v: CompanyValues, withCnpj = true): string | null {
  if (withCnpj && companyProblem('cnpj', v.cnpj)) return COMPANY_MESSAGES.cnpj
  if (companyProblem('razaoSocial', v.razaoSocial)) return COMPANY_MESSAGES.razaoSocial
  if (!v.isento && companyProblem('inscricaoEstadual', v.ie)) return COMPANY_MESSAGES.inscricaoEstadual
  return null
}

/**
 * "Comprar como empresa" (decision 0129): a checkbox that opens the company's CNPJ (unless the form
 * has its own, as registration's "CPF ou CNPJ"), Razão social and Inscrição estadual with "Isento";
 * each field checked on blur, as the rest of the form.
 */
export function CompanyFields({
  on,
  onToggle,
  values,
  onChange,
  withCnpj = true,
  idPrefix = 'empresa',
}: {
  on: boolean
  onToggle: (on: boolean) => void
  values: CompanyValues
  onChange: (v: CompanyValues) => void
  withCnpj?: boolean
  idPrefix?: string
}) {
  const [errors, setErrors] = useState<Partial<Record<CompanyField, string | null>>>({})
  const input = (field: CompanyField, mask: (v: string) => string = (v) => v) => ({
    value: values[field],
    error: errors[field],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      onChange({ ...values, [field]: mask(e.target.value) })
      setErrors((x) => ({ ...x, [field]: null }))
    },
    onBlur: () => setErrors((x) => ({ ...x, [field]: companyProblem(field === 'ie' ? 'inscricaoEstadual' : field, values[field]) })),
  })
  return (
    <fieldset className="grid gap-3">
      <label className="flex items-start gap-2 text-sm font-semibold text-ink-700">
        <input type="checkbox" name={`${idPrefix}-ativa`} checked={on} onChange={(e) => onToggle(e.target.checked)} className="mt-0.5 h-4 w-4" />
        Comprar como empresa
      </label>
      {on ? (
        <div className="grid gap-4 rounded-card border border-ink-100 p-3">
          <p className="text-xs text-ink-500">A nota fiscal sai em nome da empresa, com o CNPJ e a inscrição estadual.</p>
          {withCnpj ? <Field id={`${idPrefix}-cnpj`} label="CNPJ" placeholder="00.000.000/0000-00" autoComplete="off" {...input('cnpj', maskCnpj)} /> : null}
          <Field id={`${idPrefix}-razao-social`} label="Razão social" autoComplete="organization" maxLength={60} {...input('razaoSocial')} />
          <Field
            id={`${idPrefix}-ie`}
            label="Inscrição estadual"
            inputMode="numeric"
            maxLength={20}
            disabled={values.isento}
            {...input('ie')}
            error={values.isento ? null : errors.ie}
          />
          <label className="-mt-2 flex items-start gap-2 text-sm text-ink-700">
            <input
              type="checkbox"
              name={`${idPrefix}-isento`}
              checked={values.isento}
              onChange={(e) => {
                onChange({ ...values, isento: e.target.checked, ie: e.target.checked ? '' : values.ie })
                setErrors((x) => ({ ...x, ie: null }))
              }}
              className="mt-0.5 h-4 w-4"
            />
            Isento de inscrição estadual
          </label>
        </div>
      ) : null}
    </fieldset>
  )
}
