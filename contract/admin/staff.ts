import { z } from 'zod'
import { newPasswordField } from '../account'
import { emailField } from '../common'
import { LIMITS } from '../validators'

/**
 * The back office's people and access calls (issue 18a): login with optional TOTP, invitations,
 * Equipe and Auditoria. Every /admin/api call parses its input with a schema from contract/admin/.
 * Failures are `{estado:'erro', msg}` with a 4xx, like the rest of the store.
 */
export const STAFF_MESSAGES = {
  credenciais: 'E-mail ou senha incorretos.',
  bloqueado: 'Muitas tentativas. O acesso foi bloqueado por 15 minutos.',
  codigoFormato: 'Digite os 6 números do aplicativo autenticador.',
  codigoErrado: 'Código incorreto ou vencido. Confira o relógio do celular e tente de novo.',
  etapaVencida: 'A etapa de verificação expirou. Entre de novo com e-mail e senha.',
  sessao: 'Sua sessão no painel terminou. Entre novamente.',
  proibido: 'Seu perfil não tem permissão para esta ação.',
  proibidoPagina: 'Seu perfil não tem permissão para abrir esta página.',
  totpObrigatorio: 'Ative a verificação em duas etapas (Segurança) antes de gerenciar a equipe.',
  totpJaAtivo: 'A verificação em duas etapas já está ativa.',
  totpSemInicio: 'Gere o QR code antes de confirmar o código.',
  conviteInvalido: 'Este convite expirou ou já foi usado. Peça um novo convite ao dono da loja.',
  emailEmUso: 'Já existe uma pessoa da equipe com este e-mail.',
  naoEncontrado: 'Pessoa da equipe não encontrada.',
  proprioPapel: 'Você não pode mudar o seu próprio perfil nem se desativar.',
  ultimoDono: 'A loja precisa de ao menos um Dono ativo.',
  nomeVazio: 'Informe o nome.',
  nomeLongo: `Use no máximo ${LIMITS.personName} caracteres.`,
  papelInvalido: 'Escolha um perfil: Dono, Operação ou Atendimento.',
  confirmacao: 'As senhas não conferem.',
  senhaVazia: 'Informe a senha.',
  dataInvalida: 'Data inválida (use AAAA-MM-DD).',
} as const

const roleField = z.enum(['dono', 'operacao', 'atendimento'], { error: STAFF_MESSAGES.papelInvalido })
const nomeField = z
  .string({ error: STAFF_MESSAGES.nomeVazio })
  .trim()
  .min(1, { error: STAFF_MESSAGES.nomeVazio, abort: true })
  .max(LIMITS.personName, { error: STAFF_MESSAGES.nomeLongo })
const codigoField = z.string({ error: STAFF_MESSAGES.codigoFormato }).trim().regex(/^\d{6}$/, { error: STAFF_MESSAGES.codigoFormato })

export const sucessoSchema = z.object({ estado: z.literal('sucesso') })

// ───────────── login ─────────────

export const entrarRequestSchema = z.strictObject({
  email: emailField,
  senha: z
    .string({ error: STAFF_MESSAGES.senhaVazia })
    .min(1, { error: STAFF_MESSAGES.senhaVazia, abort: true })
    .max(LIMITS.password, { error: STAFF_MESSAGES.credenciais }),
})
/** 'totp': the password was right; the 6-digit code is due next (POST entrar/codigo). */
export const entrarResponseSchema = z.object({ estado: z.literal('sucesso'), etapa: z.enum(['totp', 'pronto']) })

export const codigoRequestSchema = z.strictObject({ codigo: codigoField })

// ───────────── invitations ─────────────

export const convidarRequestSchema = z.strictObject({ email: emailField, nome: nomeField, role: roleField })

export const aceitarConviteRequestSchema = z
  .strictObject({
    token: z.string({ error: STAFF_MESSAGES.conviteInvalido }).min(10, { error: STAFF_MESSAGES.conviteInvalido }).max(128, { error: STAFF_MESSAGES.conviteInvalido }),
    nome: nomeField,
    senha: newPasswordField,
    confirmacao: z.string({ error: STAFF_MESSAGES.confirmacao }).max(LIMITS.password, { error: STAFF_MESSAGES.confirmacao }),
  })
  .superRefine((v, ctx) => {
    if (v.confirmacao !== v.senha) ctx.addIssue({ code: 'custom', path: ['confirmacao'], message: STAFF_MESSAGES.confirmacao })
  })

// ───────────── Equipe ─────────────

export const staffIdParamsSchema = z.object({ id: z.coerce.number({ error: STAFF_MESSAGES.naoEncontrado }).int().positive({ error: STAFF_MESSAGES.naoEncontrado }) })
export const papelRequestSchema = z.strictObject({ role: roleField })
export const ativoRequestSchema = z.strictObject({ ativo: z.boolean({ error: 'Campo ativo inválido.' }) })

export const staffRowSchema = z.object({
  id: z.number(),
  nome: z.string(),
  email: z.string(),
  role: roleField,
  ativo: z.boolean(),
  totp: z.boolean(),
  ultimoAcesso: z.string().nullable(),
  criadoEm: z.string(),
})
export const conviteRowSchema = z.object({ email: z.string(), nome: z.string(), role: roleField, expiraEm: z.string(), criadoEm: z.string() })
export const equipeResponseSchema = z.object({ estado: z.literal('sucesso'), pessoas: z.array(staffRowSchema), convites: z.array(conviteRowSchema) })

// ───────────── TOTP enrolment ─────────────

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
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: STAFF_MESSAGES.dataInvalida })
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), { error: STAFF_MESSAGES.dataInvalida })
const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v)

/** Filters of the audit list; `antes` is the id the next page starts below (keyset paging). */
export const auditoriaQuerySchema = z.object({
  quem: z.preprocess(emptyAsUndefined, z.coerce.number().int().positive().optional()),
  acao: z.preprocess(emptyAsUndefined, z.string().trim().max(80).optional()),
  entidade: z.preprocess(emptyAsUndefined, z.string().trim().max(80).optional()),
  de: z.preprocess(emptyAsUndefined, dateField.optional()),
  ate: z.preprocess(emptyAsUndefined, dateField.optional()),
  antes: z.preprocess(emptyAsUndefined, z.coerce.number().int().positive().optional()),
})
export type AuditoriaQuery = z.infer<typeof auditoriaQuerySchema>

export const auditRowSchema = z.object({
  id: z.number(),
  em: z.string(),
  quem: z.string(),
  quemTipo: z.enum(['staff', 'customer', 'system', 'cli']),
  quemId: z.number().nullable(),
  ip: z.string().nullable(),
  acao: z.string(),
  entidade: z.string(),
  entidadeId: z.string().nullable(),
  antes: z.unknown(),
  depois: z.unknown(),
})
export type AuditRow = z.infer<typeof auditRowSchema>
export const auditoriaResponseSchema = z.object({
  estado: z.literal('sucesso'),
  linhas: z.array(auditRowSchema),
  /** The `antes` of the next page, or null on the last. */
  proxima: z.number().nullable(),
})
