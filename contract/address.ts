import { z } from 'zod'
import { erroSchema } from './common'
import { LIMITS, celularField, cepField, numeroField, opaqueId, requiredText } from './validators'

/**
 * Address registration by CEP (spec §2 "CEP entry", "Add address"): consultar-cep turns a CEP
 * into a look-up `cod`, busca-endereco reads what the CEP resolved to, salvar-endereco stores the
 * address. CEPs travel normalised to 8 digits.
 */

export const ADDRESS_MESSAGES = {
  /** §5 CEP entry. */
  cepFormato: 'Formato de cep inválido!',
  /** §8 */
  cepInexistente: 'Cep inexistente!',
  consulta: 'Consulta de CEP inválida. Informe o CEP novamente.',
  /** §5 "Add address", in the order they are checked. */
  nome: 'Preencha o campo de nome!',
  sobrenome: 'Preencha o campo de sobrenome!',
  telefone: 'Preencha o campo de telefone!',
  telefoneFormato: 'Preencha corretamente o campo de telefone!',
  numero: 'Preencha o campo de numero!',
  numeroFormato: 'Preencha corretamente o campo de numero!',
  complemento: 'Preencha o campo de complemento!',
  nomeLongo: `O nome pode ter no máximo ${LIMITS.name} caracteres.`,
  sobrenomeLongo: `O sobrenome pode ter no máximo ${LIMITS.name} caracteres.`,
  complementoLongo: `O complemento pode ter no máximo ${LIMITS.text} caracteres.`,
  /** §8 progress toasts. */
  buscando: 'Buscando...',
  buscaConcluida: 'Busca concluída',
  salvando: 'Salvando...',
} as const

/** What a CEP resolves to (§3 "The lookup returns data with cep, estado, cidade, bairro, rua"). */
export const cepDataSchema = z.object({
  /** 8 digits. */
  cep: z.string(),
  /** UF, two letters. */
  estado: z.string(),
  cidade: z.string(),
  bairro: z.string(),
  rua: z.string(),
})

const codField = opaqueId(ADDRESS_MESSAGES.consulta)

// ───────────────────────────── consultar-cep, busca-endereco ─────────────────────────────

/** POST /_next/api/consultar-cep/ — the entry screen sends 99.999-999; 99999-999 and 8 digits are accepted too. */
export const consultarCepRequestSchema = z.strictObject({ cep: cepField(ADDRESS_MESSAGES.cepFormato) })

/** 'sucesso' with the look-up `cod` (next screen /endereco/adicionar/{cod}); an unknown CEP is 'erro' 'Cep inexistente!'. */
export const consultarCepResponseSchema = z.discriminatedUnion('estado', [
  z.object({ estado: z.literal('sucesso'), cod: z.string() }),
  erroSchema,
])

/** POST /_next/api/busca-endereco/ */
export const buscaEnderecoRequestSchema = z.strictObject({ cod: codField })

export const buscaEnderecoResponseSchema = z.discriminatedUnion('estado', [
  z.object({ estado: z.literal('sucesso'), data: cepDataSchema }),
  erroSchema,
])

// ───────────────────────────── salvar-endereco ─────────────────────────────

/**
 * POST /_next/api/salvar-endereco/ — values trimmed; the keys are declared in the §5 order so the
 * first issue (the one the server answers with) is the first rule the client would have shown.
 * Telefone and numero travel as digits once valid.
 */
export const salvarEnderecoRequestSchema = z.strictObject({
  cod: codField,
  nome: requiredText(ADDRESS_MESSAGES.nome, LIMITS.name, ADDRESS_MESSAGES.nomeLongo),
  sobrenome: requiredText(ADDRESS_MESSAGES.sobrenome, LIMITS.name, ADDRESS_MESSAGES.sobrenomeLongo),
  telefone: celularField({ empty: ADDRESS_MESSAGES.telefone, invalid: ADDRESS_MESSAGES.telefoneFormato }),
  numero: numeroField({ empty: ADDRESS_MESSAGES.numero, invalid: ADDRESS_MESSAGES.numeroFormato }),
  complemento: requiredText(ADDRESS_MESSAGES.complemento, LIMITS.text, ADDRESS_MESSAGES.complementoLongo),
})

/** A failed save shows nothing on this screen (§8); 'auth' means the shopper must log in (see checkout.ts). */
export const salvarEnderecoResponseSchema = z.discriminatedUnion('estado', [
  z.object({ estado: z.literal('sucesso') }),
  erroSchema,
])

// ───────────────────────────── lista-enderecos ─────────────────────────────

/**
 * A saved delivery address. The spec does not show lista-enderecos' answer; the fields are the
 * ones the shopper saved (salvar-endereco, checkout step 2) with their spec names.
 */
export const enderecoSchema = z.object({
  /** Opaque id of the address. */
  id: z.string(),
  nome: z.string(),
  sobrenome: z.string(),
  telefone: z.string(),
  destinatario: z.string(),
  cep: z.string(),
  rua: z.string(),
  numero: z.string(),
  complemento: z.string(),
  bairro: z.string(),
  cidade: z.string(),
  estado: z.string(),
  /** The address checkout delivers to (at most one is true). */
  padrao: z.boolean(),
})

/** GET /_next/api/lista-enderecos/ — the shopper's addresses, default first; 'auth' when logged out. */
export const listaEnderecosResponseSchema = z.union([
  z.object({ enderecos: z.array(enderecoSchema) }),
  erroSchema,
])

export type CepData = z.infer<typeof cepDataSchema>
export type Endereco = z.infer<typeof enderecoSchema>
export type ConsultarCepRequest = z.input<typeof consultarCepRequestSchema>
export type ConsultarCepResponse = z.infer<typeof consultarCepResponseSchema>
export type BuscaEnderecoRequest = z.input<typeof buscaEnderecoRequestSchema>
export type BuscaEnderecoResponse = z.infer<typeof buscaEnderecoResponseSchema>
export type SalvarEnderecoRequest = z.input<typeof salvarEnderecoRequestSchema>
export type SalvarEndereco = z.output<typeof salvarEnderecoRequestSchema>
export type SalvarEnderecoResponse = z.infer<typeof salvarEnderecoResponseSchema>
export type ListaEnderecosResponse = z.infer<typeof listaEnderecosResponseSchema>
