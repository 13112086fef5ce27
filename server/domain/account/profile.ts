import { asc, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Conta } from '../../../contract/account'
import { ACCOUNT } from '../../../contract/messages/account-reasons'
import { maskCpfCnpj, maskPhone } from '../../../contract/validators'
import { addresses, authTokens, carts, cepLookups, customers, newsletterSubscribers, orderItems, orders, privacyRequests } from '../../db/schema'
import type { Tx } from '../../db/tx'
import { deletionMail, passwordChangedMail } from '../../integrations/mail/templates'
import { hashPassword } from '../auth/password'
import { passwordRefusal } from '../auth/password-policy'
import { checkPassword, findCustomer, type CustomerRow } from './customers'
import type { AccountDeps } from './deps'
import { enqueueMail } from '../../jobs/mail'
import { clearLimit, giveBack, settle, takeFirst } from './limits'
import { refuse, type Refusal } from '../refusal'
import { endOtherSessions, endSession } from './sessions'

/**
 * Minha Conta: the customer's data, its changes, the password change and the LGPD
 * requests (decision 0023). Every function takes the customer id requireCustomer gave.
 */

/** The document with only its first 3 and last 2 characters shown: 390.***.***-05. */
export function maskDocument(documento: string | null): string {
  if (!documento) return ''
  const masked = maskCpfCnpj(documento)
  let seen = 0
  const visible = documento.length
  return masked.replace(/[0-9A-Z]/g, (char) => {
    seen += 1
    return seen <= 3 || seen > visible - 2 ? char : '*'
  })
}

function toConta(row: CustomerRow): Conta {
  return {
    nome: row.nome,
    sobrenome: row.sobrenome,
    email: row.email,
    documento: maskDocument(row.documento),
    telefone: row.telefone ? maskPhone(row.telefone) : '',
    marketing: row.marketingOptIn,
    desde: row.createdAt.toISOString(),
  }
}

export async function readConta(deps: Pick<AccountDeps, 'db'>, customerId: number): Promise<Conta | null> {
  const row = await findCustomer(deps.db, customerId)
  return row && row.status === 'active' ? toConta(row) : null
}

export async function updateConta(
  deps: Pick<AccountDeps, 'db'>,
  customerId: number,
  input: { nome: string; sobrenome: string; telefone: string; marketing: boolean },
): Promise<Conta | null> {
  const [row] = await deps.db
    .update(customers)
    .set({ nome: input.nome, sobrenome: input.sobrenome, telefone: input.telefone, marketingOptIn: input.marketing, updatedAt: new Date() })
    .where(eq(customers.id, customerId))
    .returning()
  return row ? toConta(row) : null
}

/**
 * Checks the current password, limited per account like the login: the try is counted before
 * scrypt runs (a burst cannot all reach the check), a right password gives it back and clears the
 * wrong ones; the 10th wrong one in 15 minutes holds the account's confirmations for 15 minutes.
 */
export async function confirmPassword(deps: Pick<AccountDeps, 'db'>, customer: CustomerRow, plain: string): Promise<Refusal | null> {
  const key = String(customer.id)
  if (!(await takeFirst(deps.db, 'senhaAtual', key))) return refuse(ACCOUNT.limite)
  let right: boolean
  try {
    right = await checkPassword(customer, plain)
  } catch (err) {
    await giveBack(deps.db, 'senhaAtual', key)
    throw err
  }
  if (!right) {
    await settle(deps.db, 'senhaAtual', key, false)
    return refuse(ACCOUNT.senhaAtualErrada)
  }
  await clearLimit(deps.db, 'senhaAtual', key)
  return null
}

/** Changes the password (the current one required) and ends the account's other sessions. */
export async function changePassword(
  deps: AccountDeps,
  customerId: number,
  sessionId: string,
  input: { atual: string; senha: string },
): Promise<Refusal | null> {
  const customer = await findCustomer(deps.db, customerId)
  if (!customer) return refuse(ACCOUNT.auth)
  const refused = await confirmPassword(deps, customer, input.atual)
  if (refused) return refused
  const weak = await passwordRefusal(input.senha, customer, deps.store.nome)
  if (weak) return refuse(weak)
  const passwordHash = await hashPassword(input.senha)
  await deps.db.transaction(async (tx) => {
    await tx.update(customers).set({ passwordHash, updatedAt: new Date() }).where(eq(customers.id, customerId))
    await enqueueMail(tx, { mail: passwordChangedMail(deps.store, customer.email, customer.nome) })
  })
  await endOtherSessions(deps.db, customerId, sessionId)
  return null
}

/**
 * Minha Conta's LGPD export: the password asked again (confirmPassword, with its limits) before
 * the file is made, so a session left open on someone else's computer does not hand it out.
 */
export async function exportOwnData(deps: Pick<AccountDeps, 'db'>, customerId: number, senha: string) {
  const customer = await findCustomer(deps.db, customerId)
  if (!customer || customer.status !== 'active') return refuse(ACCOUNT.auth)
  const refused = await confirmPassword(deps, customer, senha)
  if (refused) return refused
  return (await exportData(deps, customerId)) ?? refuse(ACCOUNT.auth)
}

/** LGPD access: everything kept about the customer, recorded as a request. */
export async function exportData(deps: Pick<AccountDeps, 'db'>, customerId: number) {
  const { db } = deps
  const customer = await findCustomer(db, customerId)
  if (!customer) return null
  await db.insert(privacyRequests).values({ customerId, kind: 'exportacao' })
  const [saved, placed, requests, newsletter] = await Promise.all([
    db.select().from(addresses).where(eq(addresses.customerId, customerId)).orderBy(asc(addresses.id)),
    db.select().from(orders).where(eq(orders.customerId, customerId)).orderBy(desc(orders.createdAt)),
    db.select().from(privacyRequests).where(eq(privacyRequests.customerId, customerId)).orderBy(asc(privacyRequests.id)),
    db.select().from(newsletterSubscribers).where(sameEmail(customer.email)),
  ])
  const items = placed.length
    ? await db
        .select()
        .from(orderItems)
        .where(
          inArray(
            orderItems.orderId,
            placed.map((o) => o.id),
          ),
        )
    : []
  return {
    geradoEm: new Date().toISOString(),
    conta: {
      nome: customer.nome,
      sobrenome: customer.sobrenome,
      email: customer.email,
      documento: customer.documento ?? '',
      telefone: customer.telefone ?? '',
      marketing: customer.marketingOptIn,
      desde: customer.createdAt.toISOString(),
    },
    enderecos: saved.map(({ customerId: _, ...a }) => a),
    pedidos: placed.map(({ customerId: _, placementKey: __, ...o }) => ({
      ...o,
      itens: items.filter((i) => i.orderId === o.id).map(({ orderId: _o, ...i }) => i),
    })),
    solicitacoes: requests.map((r) => ({ tipo: r.kind, em: r.createdAt.toISOString() })),
    newsletter: newsletter.map((n) => ({
      email: n.email,
      origem: n.source,
      confirmada: n.confirmedAt != null,
      inscritoEm: n.createdAt.toISOString(),
      confirmadaEm: n.confirmedAt?.toISOString() ?? null,
    })),
  }
}

/** The newsletter's row for an account's e-mail (the newsletter keeps addresses trimmed, in lower case). */
const sameEmail = (email: string) => eq(newsletterSubscribers.email, sql`lower(trim(${email}))`)

/**
 * LGPD deletion, confirmed by the password: the personal data are anonymised at once (name,
 * e-mail, document, phone, password; addresses, CEP look-ups, carts and tokens deleted), the
 * request is recorded, every session ends. Orders stay, with their buyer snapshots, for as long as
 * tax law requires (decision 0023).
 */
export async function deleteAccount(deps: AccountDeps, customerId: number, sessionId: string, senha: string): Promise<Refusal | null> {
  const { db } = deps
  const customer = await findCustomer(db, customerId)
  if (!customer || customer.status !== 'active') return refuse(ACCOUNT.auth)
  const refused = await confirmPassword(deps, customer, senha)
  if (refused) return refused
  await db.transaction(async (tx) => {
    await anonymiseCustomer(tx, customerId)
    await enqueueMail(tx, { mail: deletionMail(deps.store, customer.email, customer.nome) })
  })
  await endOtherSessions(db, customerId, sessionId)
  await endSession(db, sessionId)
  return null
}

/**
 * The anonymisation of an LGPD deletion, inside the caller's transaction (the customer's own
 * request, or the Dono's in Clientes): name, e-mail, document, phone and password replaced;
 * addresses, CEP look-ups, carts, tokens and the newsletter subscription of the old e-mail deleted;
 * the request recorded. Orders stay.
 */
export async function anonymiseCustomer(tx: Tx, customerId: number): Promise<void> {
  const [before] = await tx.select({ email: customers.email }).from(customers).where(eq(customers.id, customerId))
  if (before) await tx.delete(newsletterSubscribers).where(sameEmail(before.email))
  await tx
    .update(customers)
    .set({
      nome: 'Cliente',
      sobrenome: 'removido',
      email: `removido-${customerId}@conta-excluida.invalid`,
      documento: null,
      telefone: null,
      passwordHash: 'removido',
      marketingOptIn: false,
      status: 'removed',
      updatedAt: new Date(),
    })
    .where(eq(customers.id, customerId))
  await tx.delete(addresses).where(eq(addresses.customerId, customerId))
  await tx.delete(cepLookups).where(eq(cepLookups.customerId, customerId))
  await tx.delete(carts).where(eq(carts.customerId, customerId))
  await tx.delete(authTokens).where(eq(authTokens.customerId, customerId))
  await tx.insert(privacyRequests).values({ customerId, kind: 'exclusao' })
}
