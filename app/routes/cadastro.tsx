import { useState } from 'react'
import { Link, redirect } from 'react-router'
import { COMPANY_MESSAGES } from '../../contract/company'
import { ACCOUNT_MESSAGES } from '../../contract/messages/account'
import { cadastroRequestSchema, type CadastroRequest } from '../../contract/account'
import { maskCpfCnpj, maskPhone, normalizeDocument } from '../../contract/masks'
import { CompanyFields, companyFault, companyPayload, emptyCompany, type CompanyValues } from '~/components/checkout/CompanyFields'
import { currentCustomer } from '../../server/http/require-customer'
import { privateAnswer } from '../../server/http/cache-headers'
import { AuthCard } from '~/components/account/AuthCard'
import { Captcha } from '~/components/account/Captcha'
import { Field, FormMessage } from '~/components/account/Field'
import { useSchemaForm } from '~/components/account/form'
import { call } from '~/lib/api'
import type { Route } from './+types/cadastro'

export const headers: Route.HeadersFunction = () => privateAnswer()

export const meta: Route.MetaFunction = () => [
  { title: 'Criar conta | Vitrine' },
  { name: 'description', content: 'Cadastre-se na Vitrine para comprar mais rápido e acompanhar seus pedidos.' },
]

export function loader({ context }: Route.LoaderArgs) {
  if (currentCustomer(context)) throw redirect('/cliente/conta/')
  return null
}

const EMPTY = { nome: '', sobrenome: '', documento: '', email: '', telefone: '', senha: '', confirmacao: '' }
type Text = keyof typeof EMPTY

const FIELDS: Array<{
  name: Text
  label: string
  type?: string
  autoComplete?: string
  inputMode?: 'numeric' | 'email' | 'tel' | 'text'
  maxLength?: number
  wide?: boolean
}> = [
  { name: 'nome', label: 'Nome', autoComplete: 'given-name' },
  { name: 'sobrenome', label: 'Sobrenome', autoComplete: 'family-name' },
  { name: 'documento', label: 'CPF ou CNPJ', inputMode: 'text', maxLength: 18 },
  { name: 'telefone', label: 'Telefone', type: 'tel', autoComplete: 'tel-national', inputMode: 'tel', maxLength: 16 },
  { name: 'email', label: 'E-mail', type: 'email', autoComplete: 'email', inputMode: 'email', wide: true },
  { name: 'senha', label: 'Senha', type: 'password', autoComplete: 'new-password' },
  { name: 'confirmacao', label: 'Confirmar senha', type: 'password', autoComplete: 'new-password' },
]

/** How a field shows what is typed: the CPF/CNPJ and phone masks of docs/requirements.md. */
function masked(name: Text, value: string): string {
  if (name === 'documento') return maskCpfCnpj(value)
  if (name === 'telefone') return maskPhone(value)
  return value
}

/** /cliente/cadastro/ (docs/requirements.md, "Registration"): success logs in and opens Minha Conta. */
export default function Cadastro() {
  const [asCompany, setAsCompany] = useState(false)
  const [company, setCompany] = useState<CompanyValues>(() => emptyCompany())
  const form = useSchemaForm(cadastroRequestSchema, { ...EMPTY, termos: false, marketing: false, altcha: '' }, async (values) => {
    // "Comprar como empresa" (decision 0129): the CNPJ is the "CPF ou CNPJ" field.
    if (asCompany) {
      if (normalizeDocument(values.documento).length !== 14) return { tone: 'error', msg: COMPANY_MESSAGES.cnpjNoCadastro }
      const fault = companyFault(company, false)
      if (fault) return { tone: 'error', msg: fault }
    }
    const { razaoSocial, ie } = companyPayload(company)
    const r = await call('cadastro', { ...(values as CadastroRequest), ...(asCompany ? { razaoSocial, inscricaoEstadual: ie } : {}) })
    if (!r.ok) return { tone: 'error', msg: r.msg }
    window.location.assign('/cliente/conta/')
    return 'leaving'
  })
  const { errors } = form

  return (
    <AuthCard title="Criar conta" subtitle="Leva menos de um minuto." wide>
      <form noValidate className="grid gap-4 sm:grid-cols-2" onSubmit={form.onSubmit}>
        {FIELDS.map((f) => (
          <Field
            key={f.name}
            id={f.name}
            label={f.label}
            type={f.type ?? 'text'}
            autoComplete={f.autoComplete}
            inputMode={f.inputMode}
            maxLength={f.maxLength}
            className={f.wide ? 'sm:col-span-2' : undefined}
            placeholder={f.name === 'documento' ? '999.999.999-99' : f.name === 'telefone' ? '(99) 9 9999-9999' : undefined}
            hint={f.name === 'senha' ? 'Pelo menos 8 caracteres, com letras e números.' : undefined}
            {...form.field(f.name, (typed) => masked(f.name, typed))}
          />
        ))}
        <div className="sm:col-span-2">
          <CompanyFields on={asCompany} onToggle={setAsCompany} values={company} onChange={setCompany} withCnpj={false} idPrefix="cadastro-empresa" />
        </div>
        <div className="sm:col-span-2">
          <Captcha error={errors.altcha} onChange={(payload) => form.set('altcha', payload)} />
        </div>
        <div className="space-y-3 sm:col-span-2">
          <label className="flex items-start gap-2 text-sm text-ink-700">
            <input type="checkbox" name="termos" className="mt-0.5 h-4 w-4 accent-brand-600" {...form.check('termos')} />
            <span>
              Li e aceito os{' '}
              <Link to="/sobre/termos-de-uso/" className="font-semibold text-brand-700 underline">
                termos de uso
              </Link>{' '}
              e a{' '}
              <Link to="/sobre/privacidade/" className="font-semibold text-brand-700 underline">
                política de privacidade
              </Link>
              .
            </span>
          </label>
          {errors.termos ? (
            <p role="alert" className="text-sm font-medium text-danger-600">
              {errors.termos}
            </p>
          ) : null}
          <label className="flex items-start gap-2 text-sm text-ink-700">
            <input type="checkbox" name="marketing" className="mt-0.5 h-4 w-4 accent-brand-600" {...form.check('marketing')} />
            <span>Quero receber ofertas e novidades por e-mail (opcional; você pode cancelar quando quiser).</span>
          </label>
        </div>
        {form.note ? (
          <div className="sm:col-span-2">
            <FormMessage tone={form.note.tone}>
              {form.note.msg}
              {form.note.msg === ACCOUNT_MESSAGES.emailEmUso ? (
                <span className="mt-1 block">
                  <Link to="/cliente/login/" className="underline">
                    Entrar com este e-mail
                  </Link>{' '}
                  ou{' '}
                  <Link to="/cliente/recuperar-senha/" className="underline">
                    recuperar a senha
                  </Link>
                  .
                </span>
              ) : null}
            </FormMessage>
          </div>
        ) : null}
        <button type="submit" className="btn-primary sm:col-span-2" disabled={form.sending}>
          {form.sending ? 'Criando conta...' : 'Criar conta'}
        </button>
        <p className="text-center text-sm text-ink-500 sm:col-span-2">
          Já tem conta?{' '}
          <Link to="/cliente/login/" className="font-semibold text-brand-700 hover:underline">
            Entrar
          </Link>
        </p>
      </form>
    </AuthCard>
  )
}
