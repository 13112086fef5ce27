import { z } from 'zod'
import { LOGIN_MESSAGES } from './auth'
import { COMPANY_MESSAGES, companyRegistrationFields } from './company'
import { LIMITS, emailWith, isPersonName, isValidCelular, isValidCnpj, isValidCpf, normalizeDocument, onlyDigits } from './validators'
import { ACCOUNT_MESSAGES } from './messages/account'

/**
 * Registration, password recovery and Minha Conta (the spec shows the screens but not
 * their calls, so these calls are ours). One schema per form, read by the server and by the form
 * in the browser, so both say the same pt-BR sentence for the same mistake.
 */

export { ACCOUNT_MESSAGES }

const nameField = (empty: string, invalid: string) =>
  z
    .string({ error: empty })
    .trim()
    .min(1, { error: empty, abort: true })
    .max(LIMITS.personName, { error: ACCOUNT_MESSAGES.nomeLongo, abort: true })
    .refine(isPersonName, { error: invalid })

const documentoField = z
  .string({ error: ACCOUNT_MESSAGES.documentoVazio })
  .trim()
  .min(1, { error: ACCOUNT_MESSAGES.documentoVazio, abort: true })
  .max(24, { error: ACCOUNT_MESSAGES.documentoInvalido, abort: true })
  .refine((v) => isValidCpf(v) || isValidCnpj(v), { error: ACCOUNT_MESSAGES.documentoInvalido })
  .transform(normalizeDocument)
  .describe('CPF (999.999.999-99) ou CNPJ, inclusive o alfanumérico de 2026; o servidor guarda só os caracteres.')

/** Registration phone: at most 16 characters, the mask (99) 9 9999-9999 written out. */
const telefoneField = z
  .string({ error: ACCOUNT_MESSAGES.telefoneVazio })
  .trim()
  .min(1, { error: ACCOUNT_MESSAGES.telefoneVazio, abort: true })
  .max(16, { error: ACCOUNT_MESSAGES.telefoneInvalido, abort: true })
  .refine(isValidCelular, { error: ACCOUNT_MESSAGES.telefoneInvalido })
  .transform(onlyDigits)

const emailField = emailWith({ empty: LOGIN_MESSAGES.emailVazio, invalid: LOGIN_MESSAGES.emailFormato })

/** A new password: 8+ characters with letters and digits, no spaces (login refuses them). */
export const newPasswordField = z
  .string({ error: ACCOUNT_MESSAGES.senhaCurta })
  .max(LIMITS.password, { error: ACCOUNT_MESSAGES.senhaLonga, abort: true })
  .refine((v) => !/\s/.test(v), { error: ACCOUNT_MESSAGES.senhaEspacos, abort: true })
  .refine((v) => v.length >= 8 && /\p{L}/u.test(v) && /\d/.test(v), { error: ACCOUNT_MESSAGES.senhaCurta })

/** The password a customer types to confirm who they are (checked against the hash, not against the rules). */
const currentPasswordField = z
  .string({ error: ACCOUNT_MESSAGES.senhaAtualVazia })
  .min(1, { error: ACCOUNT_MESSAGES.senhaAtualVazia, abort: true })
  .max(LIMITS.password, { error: ACCOUNT_MESSAGES.senhaAtualErrada })

/** The ALTCHA widget's payload (base64 JSON of the challenge and its solution). */
const captchaField = z
  .string({ error: ACCOUNT_MESSAGES.captchaVazio })
  .min(1, { error: ACCOUNT_MESSAGES.captchaVazio, abort: true })
  .max(4096, { error: ACCOUNT_MESSAGES.captchaInvalido })
  .describe('Payload do widget ALTCHA (base64): o desafio de /_auth/captcha/ resolvido; aceito uma vez só.')

const sucessoSchema = z.object({ estado: z.literal('sucesso') })
const erroSchema = z.object({ estado: z.literal('erro'), msg: z.string() })

// ───────────────────────────── registration ─────────────────────────────

export const cadastroRequestSchema = z
  .strictObject({
    nome: nameField(ACCOUNT_MESSAGES.nomeVazio, ACCOUNT_MESSAGES.nomeInvalido),
    sobrenome: nameField(ACCOUNT_MESSAGES.sobrenomeVazio, ACCOUNT_MESSAGES.sobrenomeInvalido),
    documento: documentoField,
    email: emailField,
    telefone: telefoneField,
    senha: newPasswordField,
    confirmacao: z.string({ error: ACCOUNT_MESSAGES.confirmacao }).max(LIMITS.password, { error: ACCOUNT_MESSAGES.confirmacao }),
    termos: z.literal(true, { error: ACCOUNT_MESSAGES.termos }),
    marketing: z.boolean({ error: 'Campo marketing inválido.' }).default(false),
    altcha: captchaField,
    // "Comprar como empresa" (decision 0129): with a CNPJ in documento, the company's razão social and IE (or ISENTO).
    ...companyRegistrationFields,
  })
  .superRefine((v, ctx) => {
    if (v.razaoSocial !== undefined || v.inscricaoEstadual !== undefined) {
      if (v.documento.length !== 14) ctx.addIssue({ code: 'custom', path: ['documento'], message: COMPANY_MESSAGES.cnpjNoCadastro })
      if (v.razaoSocial === undefined) ctx.addIssue({ code: 'custom', path: ['razaoSocial'], message: COMPANY_MESSAGES.razaoSocial })
      if (v.inscricaoEstadual === undefined) ctx.addIssue({ code: 'custom', path: ['inscricaoEstadual'], message: COMPANY_MESSAGES.inscricaoEstadual })
    }
    if (v.senha.toLowerCase() === v.email) ctx.addIssue({ code: 'custom', path: ['senha'], message: ACCOUNT_MESSAGES.senhaIgualEmail })
    if (v.confirmacao !== v.senha) ctx.addIssue({ code: 'custom', path: ['confirmacao'], message: ACCOUNT_MESSAGES.confirmacao })
  })

/** Success logs the shopper in (a new session cookie); the page then opens Minha Conta. */
export const cadastroResponseSchema = z.union([sucessoSchema, erroSchema])

/** GET /_auth/captcha/ — an ALTCHA v2 challenge for the widget (signed; valid 10 minutes). */
export const captchaResponseSchema = z.object({
  parameters: z.record(z.string(), z.unknown()),
  signature: z.string(),
})

// ───────────────────────────── recovery ─────────────────────────────

export const recuperarRequestSchema = z.strictObject({ email: emailField })
/** The same sentence whether or not the e-mail has an account. */
export const recuperarResponseSchema = z.union([z.object({ estado: z.literal('sucesso'), msg: z.string() }), erroSchema])

export const novaSenhaRequestSchema = z
  .strictObject({
    token: z
      .string({ error: ACCOUNT_MESSAGES.linkInvalido })
      .min(1, { error: ACCOUNT_MESSAGES.linkInvalido })
      .max(LIMITS.token, { error: ACCOUNT_MESSAGES.linkInvalido }),
    senha: newPasswordField,
    confirmacao: z.string({ error: ACCOUNT_MESSAGES.confirmacao }).max(LIMITS.password, { error: ACCOUNT_MESSAGES.confirmacao }),
  })
  .superRefine((v, ctx) => {
    if (v.confirmacao !== v.senha) ctx.addIssue({ code: 'custom', path: ['confirmacao'], message: ACCOUNT_MESSAGES.confirmacao })
  })
export const novaSenhaResponseSchema = z.union([sucessoSchema, erroSchema])

// ───────────────────────────── Minha Conta ─────────────────────────────

export const sairRequestSchema = z.strictObject({})
export const sairResponseSchema = sucessoSchema

export const contaDadosRequestSchema = z.strictObject({
  nome: nameField(ACCOUNT_MESSAGES.nomeVazio, ACCOUNT_MESSAGES.nomeInvalido),
  sobrenome: nameField(ACCOUNT_MESSAGES.sobrenomeVazio, ACCOUNT_MESSAGES.sobrenomeInvalido),
  telefone: telefoneField,
  marketing: z.boolean({ error: 'Campo marketing inválido.' }),
})

/** What Minha Conta shows: the document partly masked, the phone as the mask writes it. */
export const contaSchema = z.object({
  nome: z.string(),
  sobrenome: z.string(),
  email: z.string(),
  documento: z.string(),
  telefone: z.string(),
  marketing: z.boolean(),
  desde: z.string().describe('Data de cadastro, ISO 8601.'),
})
export type Conta = z.infer<typeof contaSchema>

export const contaDadosResponseSchema = z.union([z.object({ estado: z.literal('sucesso'), conta: contaSchema }), erroSchema])

export const contaSenhaRequestSchema = z
  .strictObject({ atual: currentPasswordField, senha: newPasswordField, confirmacao: z.string({ error: ACCOUNT_MESSAGES.confirmacao }).max(LIMITS.password) })
  .superRefine((v, ctx) => {
    if (v.confirmacao !== v.senha) ctx.addIssue({ code: 'custom', path: ['confirmacao'], message: ACCOUNT_MESSAGES.confirmacao })
  })
export const contaSenhaResponseSchema = z.union([sucessoSchema, erroSchema])

/** LGPD: everything the store keeps about the customer, as JSON. */
export const contaExportarResponseSchema = z.object({
  geradoEm: z.string(),
  conta: contaSchema.extend({ documento: z.string(), telefone: z.string() }),
  enderecos: z.array(z.record(z.string(), z.unknown())),
  pedidos: z.array(z.record(z.string(), z.unknown())),
  solicitacoes: z.array(z.object({ tipo: z.string(), em: z.string() })),
})

export const contaExcluirRequestSchema = z.strictObject({ senha: currentPasswordField })
/** The LGPD export asks the password again, like the deletion. */
export const contaExportarRequestSchema = contaExcluirRequestSchema
export const contaExcluirResponseSchema = z.union([z.object({ estado: z.literal('sucesso'), msg: z.string() }), erroSchema])

export type CadastroRequest = z.input<typeof cadastroRequestSchema>
export type ContaDadosRequest = z.input<typeof contaDadosRequestSchema>
