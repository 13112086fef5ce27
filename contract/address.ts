import { z } from 'zod'
import { erroSchema } from './common'
import { LIMITS, celularField, cepField, numeroField, opaqueId, optionalText, requiredText } from './validators'
import { ADDRESS_MESSAGES, MAX_ADDRESSES } from './messages/address'

/**
 * Address registration by CEP (docs/requirements.md, "CEP entry", "Add address"): consultar-cep turns a CEP
 * into a look-up `cod`, busca-endereco reads what the CEP resolved to, salvar-endereco stores the
 * address. CEPs travel normalised to 8 digits.
 */

export { ADDRESS_MESSAGES, MAX_ADDRESSES }

/**
 * What a CEP resolves to (the spec: "The lookup returns data with cep, estado, cidade, bairro, rua").
 * bairro and rua are '' when only the city is known (a city-wide CEP): the shopper types them.
 */
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

/** A person's name as people write it: letters, spaces, apostrophes, hyphens and dots. */
const PERSON_NAME = /^[\p{L}\p{M}][\p{L}\p{M}\s'’.-]*$/u
/**
 * What an address line holds (complemento, bairro, rua): letters, digits, spaces and the punctuation
 * of Brazilian addresses (Bloco B, apto 12 - fundos; Quadra 2/Lote 5; Nº 3º andar). Markup, quotes
 * and the like (< > " ; = …) are refused: no address needs them.
 */
const ADDRESS_LINE = /^[\p{L}\p{M}\d\s.,:/#()ºª°'’&+-]*$/u

/**
 * The one rule for every address field, wherever an address is saved (the address book here,
 * checkout step 2 in checkout.ts): a person's name, and an address line (optional or required).
 */
export const personNameField = (empty: string, invalid: string, tooLong: string) =>
  requiredText(empty, LIMITS.name, tooLong).regex(PERSON_NAME, { error: invalid })
export const addressLineField = (max: number, invalid: string, tooLong?: string) =>
  optionalText(max, tooLong).pipe(z.string().regex(ADDRESS_LINE, { error: invalid }))
const nameField = personNameField

// ───────────────────────────── consultar-cep, busca-endereco ─────────────────────────────

/** POST /_next/api/consultar-cep/ — the entry screen sends 99.999-999; 99999-999 and 8 digits are accepted too. */
export const consultarCepRequestSchema = z.strictObject({ cep: cepField(ADDRESS_MESSAGES.cepFormato) })

/** 'sucesso' with the look-up `cod` (next screen /endereco/adicionar/{cod}); an unknown CEP is 'erro' 'Cep inexistente!'. */
export const consultarCepResponseSchema = z.discriminatedUnion('estado', [z.object({ estado: z.literal('sucesso'), cod: z.string() }), erroSchema])

/** POST /_next/api/busca-endereco/ */
export const buscaEnderecoRequestSchema = z.strictObject({ cod: codField })

export const buscaEnderecoResponseSchema = z.discriminatedUnion('estado', [z.object({ estado: z.literal('sucesso'), data: cepDataSchema }), erroSchema])

// ───────────────────────────── salvar-endereco ─────────────────────────────

/**
 * POST /_next/api/salvar-endereco/ — values trimmed; the keys are declared in the spec's order so the
 * first issue (the one the server answers with) is the first rule the client would have shown.
 * Telefone and numero travel as digits once valid.
 */
export const salvarEnderecoRequestSchema = z.strictObject({
  cod: codField,
  nome: nameField(ADDRESS_MESSAGES.nome, ADDRESS_MESSAGES.nomeFormato, ADDRESS_MESSAGES.nomeLongo),
  sobrenome: nameField(ADDRESS_MESSAGES.sobrenome, ADDRESS_MESSAGES.sobrenomeFormato, ADDRESS_MESSAGES.sobrenomeLongo),
  telefone: celularField({ empty: ADDRESS_MESSAGES.telefone, invalid: ADDRESS_MESSAGES.telefoneFormato }),
  /** Read only when the look-up knows only the city (then required); otherwise the look-up's are kept. */
  bairro: addressLineField(LIMITS.name, ADDRESS_MESSAGES.bairroFormato, ADDRESS_MESSAGES.bairroLongo),
  rua: addressLineField(LIMITS.text, ADDRESS_MESSAGES.ruaFormato, ADDRESS_MESSAGES.ruaLongo),
  numero: numeroField({ empty: ADDRESS_MESSAGES.numero, invalid: ADDRESS_MESSAGES.numeroFormato }),
  complemento: requiredText(ADDRESS_MESSAGES.complemento, LIMITS.text, ADDRESS_MESSAGES.complementoLongo).regex(ADDRESS_LINE, {
    error: ADDRESS_MESSAGES.complementoFormato,
  }),
})

/** A failed save shows nothing on this screen; 'auth' means the shopper must log in (see checkout.ts). */
export const salvarEnderecoResponseSchema = z.discriminatedUnion('estado', [z.object({ estado: z.literal('sucesso') }), erroSchema])

// ───────────────────────────── lista-enderecos ─────────────────────────────

/** Where an order goes, as a saved address, the checkout summary (`uf` for `estado`) and an order show it. */
export const deliveryAddressSchema = z.object({
  /** Who receives the delivery: nome and sobrenome. */
  destinatario: z.string(),
  /** 8 digits. */
  cep: z.string(),
  rua: z.string(),
  numero: z.string(),
  complemento: z.string(),
  bairro: z.string(),
  cidade: z.string(),
  /** UF, two letters. */
  estado: z.string(),
})

/**
 * A saved delivery address. The spec does not show lista-enderecos' answer; the fields are the
 * ones the shopper saved (salvar-endereco, checkout step 2) with their spec names.
 */
export const enderecoSchema = z.object({
  /** Id of the address (only its owner can name it). */
  id: z.string(),
  nome: z.string(),
  sobrenome: z.string(),
  /** (99) 9 9999-9999 */
  telefone: z.string(),
  ...deliveryAddressSchema.shape,
  /** The address the next purchase is delivered to: exactly one while the customer has any. */
  principal: z.boolean(),
})

/** GET /_next/api/lista-enderecos/ — the customer's addresses, the principal first; 'auth' when logged out. */
export const listaEnderecosResponseSchema = z.union([z.object({ estado: z.literal('sucesso'), enderecos: z.array(enderecoSchema) }), erroSchema])

// ───────────────────────────── editar-endereco, endereco-principal, excluir-endereco (ours) ─────────────────────────────

/**
 * POST /_next/api/editar-endereco/ — the shopper's own fields of a saved address, checked like
 * salvar-endereco; the place (CEP, street, bairro, city) stays: another place is a new address.
 */
export const editarEnderecoRequestSchema = salvarEnderecoRequestSchema
  .omit({ cod: true, bairro: true, rua: true })
  .extend({ id: opaqueId(ADDRESS_MESSAGES.endereco) })

/**
 * POST /_next/api/endereco-principal/ and /_next/api/excluir-endereco/: one of the customer's
 * addresses. They (and editar-endereco) answer like lista-enderecos: the book after the change.
 */
export const enderecoIdRequestSchema = z.strictObject({ id: opaqueId(ADDRESS_MESSAGES.endereco) })

export type CepData = z.infer<typeof cepDataSchema>
export type Endereco = z.infer<typeof enderecoSchema>
export type ConsultarCepRequest = z.input<typeof consultarCepRequestSchema>
export type BuscaEnderecoRequest = z.input<typeof buscaEnderecoRequestSchema>
export type SalvarEnderecoRequest = z.input<typeof salvarEnderecoRequestSchema>
export type SalvarEndereco = z.output<typeof salvarEnderecoRequestSchema>
export type EnderecoIdRequest = z.input<typeof enderecoIdRequestSchema>
export type EditarEndereco = z.output<typeof editarEnderecoRequestSchema>
