import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { action as clienteAction, loader as clienteLoader } from '../../../app/routes/admin/cliente'
import { CUSTOMERS, CUSTOMERS_DONE } from '../../../contract/messages/customers'
import { STAFF } from '../../../contract/messages/staff'
import { adminClient, createStaffMember, runPage } from '../../../tests/support/admin'
import { testEnv } from '../../../tests/support/app'
import { createShopper } from '../../../tests/support/checkout'
import { createTestDatabase, testDbKind } from '../../../tests/support/db'
import type { Database } from '../../db/client'
import { addresses, auditLog, customers, sessions } from '../../db/schema'
import { storeProfile } from '../../store-profile'
import { goLiveChecklist } from '../live/checklist'
import { DEMO_EMAIL } from '../../seed/customer'

let database: Database
beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(() => database?.close())

describe(`the Dono removes a customer account (${testDbKind})`, () => {
  it('anonymises it, ends its sessions, audits it; Operação may not; twice is refused', async () => {
    const db = database.db
    const shopper = await createShopper(db, `apagar${testDbKind}`)
    const dono = adminClient(db)
    await dono.enter(await createStaffMember(db, 'dono', { totp: true }))
    const operacao = adminClient(db)
    await operacao.enter(await createStaffMember(db, 'operacao'))
    const page = { url: `/admin/clientes/${shopper.customerId}`, params: { id: String(shopper.customerId) }, json: { intent: 'excluir' } }

    expect((await runPage(db, operacao, clienteLoader, { ...page, json: undefined })).data).toMatchObject({ mayErase: false })
    expect(await runPage(db, operacao, clienteAction, page)).toMatchObject({ status: 403, data: { code: STAFF.forbidden.code } })
    expect((await runPage(db, dono, clienteLoader, { ...page, json: undefined })).data).toMatchObject({ mayErase: true })
    expect((await runPage(db, dono, clienteAction, page)).data).toMatchObject({ ok: true, msg: CUSTOMERS_DONE.erased })

    const [row] = await db.select().from(customers).where(eq(customers.id, shopper.customerId))
    expect(row).toMatchObject({ status: 'removed', nome: 'Cliente', documento: null, telefone: null })
    expect(row.email).not.toContain('apagar')
    expect(await db.select().from(sessions).where(eq(sessions.customerId, shopper.customerId))).toHaveLength(0)
    expect(await db.select().from(addresses).where(eq(addresses.customerId, shopper.customerId))).toHaveLength(0)
    const [line] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'cliente.excluir'), eq(auditLog.entityId, String(shopper.customerId))))
    expect(line.before).toMatchObject({ email: `apagar${testDbKind}@example.com` })
    expect(await runPage(db, dono, clienteAction, page)).toMatchObject({ status: 409, data: { code: CUSTOMERS.alreadyRemoved.code } })
  })

  it('is what the go-live checklist advises for the demo customer', async () => {
    const db = database.db
    const [demo] = await db
      .insert(customers)
      .values({ nome: 'Cliente', sobrenome: 'Demo', email: DEMO_EMAIL, passwordHash: 'x' })
      .returning({ id: customers.id })
    const item = async () => (await goLiveChecklist(db, testEnv, storeProfile)).find((i) => i.chave === 'contasDemo')!
    expect((await item()).ok).toBe(false)
    expect((await item()).correcao).toMatch(/Excluir conta \(LGPD\)/)
    const dono = adminClient(db)
    await dono.enter(await createStaffMember(db, 'dono', { totp: true }))
    await runPage(db, dono, clienteAction, { url: `/admin/clientes/${demo.id}`, params: { id: String(demo.id) }, json: { intent: 'excluir' } })
    expect((await item()).ok).toBe(true)
  })
})
