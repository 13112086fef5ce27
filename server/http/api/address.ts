import { Hono, type Context } from 'hono'
import {
  buscaEnderecoRequestSchema,
  consultarCepRequestSchema,
  editarEnderecoRequestSchema,
  enderecoIdRequestSchema,
  salvarEnderecoRequestSchema,
} from '../../../contract/address'
import { checkCepRequestSchema } from '../../../contract/checkout'
import { ADDRESS } from '../../../contract/messages/address-reasons'
import { cepDataOf, choosePrincipal, deleteAddress, editAddress, findLookup, listAddresses, lookUpCep, saveAddress } from '../../domain/address'
import type { AppBindings } from '../context'
import { take } from '../../domain/account/limits'
import { requireCustomer } from '../require-customer'
import { readJson } from '../validate'
import { answer } from '../refusal'
import { isRefusal, refuse } from '../../domain/refusal'
import { noStore } from '../no-store'

/** The logged-in customer's id (requireCustomer: 401 'auth' otherwise), before the body is read. */
const customerOf = (c: Context<AppBindings>): number => requireCustomer(c.get('ctx')).customerId

const inexistente = () => refuse(ADDRESS.cepInexistente)

/** A CEP look-up for the customer, rationed (each may ask the online provider); null when the CEP does not exist. */
async function lookUpRationed(c: Context<AppBindings>, customerId: number, cep: string) {
  const ctx = c.get('ctx')
  if (!(await take(ctx.db, 'consultaCep', String(customerId)))) throw refuse(ADDRESS.consultasDemais)
  return lookUpCep(ctx, customerId, cep)
}

/**
 * Addresses by CEP: every answer is one customer's, never kept by a browser, a proxy or
 * the micro-cache (which keeps only answers marked shared).
 */
export const addressApi = new Hono<AppBindings>()
  .post('/consultar-cep/', noStore, async (c) => {
    const customerId = customerOf(c)
    const { cep } = await readJson(c, consultarCepRequestSchema)
    const lookup = await lookUpRationed(c, customerId, cep)
    return answer(c, lookup ? { estado: 'sucesso', cod: lookup.cod } : inexistente())
  })
  .post('/busca-endereco/', noStore, async (c) => {
    const customerId = customerOf(c)
    const { cod } = await readJson(c, buscaEnderecoRequestSchema)
    const lookup = await findLookup(c.get('ctx').db, customerId, cod)
    if (!lookup) throw refuse(ADDRESS.consulta)
    return c.json({ estado: 'sucesso', data: cepDataOf(lookup) })
  })
  .post('/salvar-endereco/', noStore, async (c) => {
    const customerId = customerOf(c)
    const input = await readJson(c, salvarEnderecoRequestSchema)
    const result = await saveAddress(c.get('ctx').db, customerId, input)
    return answer(c, isRefusal(result) ? result : { estado: 'sucesso' })
  })
  .post('/check-cep/', noStore, async (c) => {
    const customerId = customerOf(c)
    const { cep } = await readJson(c, checkCepRequestSchema)
    const lookup = await lookUpRationed(c, customerId, cep)
    return answer(c, lookup ? { logradouro: lookup.rua, bairro: lookup.bairro, localidade: lookup.cidade } : inexistente())
  })
  .get('/lista-enderecos/', noStore, async (c) => {
    const customerId = customerOf(c)
    return c.json({ estado: 'sucesso', enderecos: await listAddresses(c.get('ctx').db, customerId) })
  })
  .post('/editar-endereco/', noStore, async (c) => {
    const customerId = customerOf(c)
    const input = await readJson(c, editarEnderecoRequestSchema)
    return answer(c, await editAddress(c.get('ctx').db, customerId, input))
  })
  .post('/endereco-principal/', noStore, async (c) => {
    const customerId = customerOf(c)
    const { id } = await readJson(c, enderecoIdRequestSchema)
    return answer(c, await choosePrincipal(c.get('ctx').db, customerId, id))
  })
  .post('/excluir-endereco/', noStore, async (c) => {
    const customerId = customerOf(c)
    const { id } = await readJson(c, enderecoIdRequestSchema)
    return answer(c, await deleteAddress(c.get('ctx').db, customerId, id))
  })
