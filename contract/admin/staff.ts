import { z } from 'zod'
import { newPasswordField } from '../account'
import { emailField } from '../common'
import { LIMITS } from '../validators'
import { STAFF, STAFF_FIELDS } from '../messages/staff'

/**
 * The back office's people and access: login with optional TOTP, invitations, Equipe and
 * Auditoria. The pages' actions and /admin/api read their input with these schemas; refusals
 * come from contract/messages/staff.ts.
 */
const roleField = z.enum(['dono', 'operacao', 'atendimento'], { error: STAFF_FIELDS.roleInvalid })
const nomeField = z
  .string({ error: STAFF_FIELDS.nameEmpty })
  .trim()
  .min(1, { error: STAFF_FIELDS.nameEmpty, abort: true })
  .max(LIMITS.personName, { error: STAFF_FIELDS.nameTooLong })
/** The new password typed again. */
const confirmacaoField = z.string({ error: STAFF_FIELDS.confirmation }).max(LIMITS.password, { error: STAFF_FIELDS.confirmation })
const codigoField = z
  .string({ error: STAFF_FIELDS.codeFormat })
  .trim()
  .regex(/^\d{6}$/, { error: STAFF_FIELDS.codeFormat })

/** At the login's code step: the app's 6 digits, or a recovery code (`ABCDE-23456`). */
const loginCodigoField = z
  .string({ error: STAFF_FIELDS.codeFormat })
  .trim()
  .regex(/^(\d{6}|[A-Za-z0-9]{5}-?[A-Za-z0-9]{5})$/, { error: STAFF_FIELDS.codeFormat })

export const sucessoSchema = z.object({ estado: z.literal('sucesso') })

// ───────────── login ─────────────

export const entrarRequestSchema = z.strictObject({
  email: emailField,
  senha: z
    .string({ error: STAFF_FIELDS.passwordEmpty })
    .min(1, { error: STAFF_FIELDS.passwordEmpty, abort: true })
    .max(LIMITS.password, { error: STAFF.credentials.message }),
})
/**
 * 'totp': the password was right; the 6-digit code is due next (POST entrar/codigo).
 * 'cadastro-totp': live mode and no TOTP yet — enrol first (POST entrar/totp/inicio, entrar/totp/ativar).
 */
export const entrarResponseSchema = z.object({ estado: z.literal('sucesso'), etapa: z.enum(['totp', 'cadastro-totp', 'pronto']) })

export const codigoRequestSchema = z.strictObject({ codigo: codigoField })
export const loginCodigoRequestSchema = z.strictObject({ codigo: loginCodigoField })
/** What enrolling TOTP answers once: the recovery codes, never shown again. */
export const codigosResponseSchema = z.object({ estado: z.literal('sucesso'), codigos: z.array(z.string()) })

/** The login page's steps (and Sair, from every page); `volta` is where to go once in. */
const volta = z.string().max(2000).optional()
export const entrarIntentSchema = z.discriminatedUnion('intent', [
  entrarRequestSchema.extend({ intent: z.literal('entrar'), volta }),
  loginCodigoRequestSchema.extend({ intent: z.literal('codigo'), volta }),
  z.strictObject({ intent: z.literal('totp-iniciar') }),
  codigoRequestSchema.extend({ intent: z.literal('totp-ativar') }),
  z.strictObject({ intent: z.literal('sair') }),
])

// ───────────── invitations ─────────────

export const convidarRequestSchema = z.strictObject({ email: emailField, nome: nomeField, role: roleField })

const acceptFields = z.strictObject({
  nome: nomeField,
  senha: newPasswordField,
  confirmacao: confirmacaoField,
})
const samePassword = (v: { senha: string; confirmacao: string }, ctx: z.RefinementCtx) => {
  if (v.confirmacao !== v.senha) ctx.addIssue({ code: 'custom', path: ['confirmacao'], message: STAFF_FIELDS.confirmation })
}
const invitationToken = z
  .string({ error: STAFF.invitationInvalid.message })
  .min(10, { error: STAFF.invitationInvalid.message })
  .max(128, { error: STAFF.invitationInvalid.message })

export const aceitarConviteRequestSchema = acceptFields.extend({ token: invitationToken }).superRefine(samePassword)
/** The invitation page's action: the same fields, its token from the page's address. */
export const conviteIntentSchema = acceptFields.extend({ intent: z.literal('aceitar') }).superRefine(samePassword)

// ───────────── forgotten password ─────────────

/** "Esqueci minha senha" of the back office: the e-mail to send the link to. */
export const esqueciIntentSchema = z.strictObject({ intent: z.literal('pedir'), email: emailField })
/** The reset link's page: the new password twice (the token comes from the page's address). */
export const novaSenhaIntentSchema = z
  .strictObject({
    intent: z.literal('redefinir'),
    senha: newPasswordField,
    confirmacao: confirmacaoField,
  })
  .superRefine(samePassword)

// ───────────── Equipe ─────────────

export const staffIdParamsSchema = z.object({ id: z.coerce.number({ error: STAFF.notFound.message }).int().positive({ error: STAFF.notFound.message }) })
export const papelRequestSchema = z.strictObject({ role: roleField })
export const ativoRequestSchema = z.strictObject({ ativo: z.boolean({ error: STAFF_FIELDS.activeInvalid }) })

/** The Equipe page's changes (its `action`), built from the calls' own request schemas. */
const memberId = z.number({ error: STAFF.notFound.message }).int().positive({ error: STAFF.notFound.message })
export const equipeIntentSchema = z.discriminatedUnion('intent', [
  convidarRequestSchema.extend({ intent: z.literal('convidar') }),
  papelRequestSchema.extend({ intent: z.literal('papel'), id: memberId }),
  ativoRequestSchema.extend({ intent: z.literal('ativo'), id: memberId }),
  z.strictObject({ intent: z.literal('remover-totp'), id: memberId }),
])

// ───────────── TOTP enrolment ─────────────

/** Segurança's change of password: the current one, the new one twice. */
const senhaFields = z.strictObject({
  atual: z
    .string({ error: STAFF_FIELDS.passwordEmpty })
    .min(1, { error: STAFF_FIELDS.passwordEmpty, abort: true })
    .max(LIMITS.password, { error: STAFF.wrongCurrentPassword.message }),
  nova: newPasswordField,
  confirmacao: confirmacaoField,
})
const sameNewPassword = (v: { nova: string; confirmacao: string }, ctx: z.RefinementCtx) => {
  if (v.confirmacao !== v.nova) ctx.addIssue({ code: 'custom', path: ['confirmacao'], message: STAFF_FIELDS.confirmation })
}
export const senhaRequestSchema = senhaFields.superRefine(sameNewPassword)

/** The Segurança page's steps: make a QR code, then confirm it with a first code; new recovery codes; the password. */
export const segurancaIntentSchema = z.discriminatedUnion('intent', [
  z.strictObject({ intent: z.literal('iniciar') }),
  codigoRequestSchema.extend({ intent: z.literal('ativar') }),
  z.strictObject({ intent: z.literal('novos-codigos') }),
  senhaFields.extend({ intent: z.literal('senha') }).superRefine(sameNewPassword),
])

export const totpInicioResponseSchema = z.object({
  estado: z.literal('sucesso'),
  /** The otpauth:// URI and its QR code (SVG), for any authenticator app. */
  uri: z.string(),
  qrSvg: z.string(),
  /** The same secret in base32, for typing by hand. */
  segredo: z.string(),
})

// ───────────── Auditoria ─────────────

const dateField = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: STAFF_FIELDS.dateInvalid })
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), { error: STAFF_FIELDS.dateInvalid })
const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v)

/** Filters of the audit list; `antes` is the id the next page starts below (keyset paging). */
export const auditoriaQuerySchema = z.object({
  quem: z.preprocess(emptyAsUndefined, z.coerce.number().int().positive().optional()),
  acao: z.preprocess(emptyAsUndefined, z.string().trim().max(80).optional()),
  entidade: z.preprocess(emptyAsUndefined, z.string().trim().max(80).optional()),
  de: z.preprocess(emptyAsUndefined, dateField.optional()),
  ate: z.preprocess(emptyAsUndefined, dateField.optional()),
  antes: z.preprocess(emptyAsUndefined, z.coerce.number().int().positive().optional()),
  /** The lines one /api/v1 call wrote (its X-Request-Id, linked from /admin/integracoes). */
  chamada: z.preprocess(emptyAsUndefined, z.uuid('Chamada inválida.').optional()),
})
export type AuditoriaQuery = z.infer<typeof auditoriaQuerySchema>
