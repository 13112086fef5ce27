import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createStaffMember } from '../../../tests/support/admin'
import { createTestDatabase, testDbKind } from '../../../tests/support/db'
import type { Database } from '../../db/client'
import { customers, staff } from '../../db/schema'
import { seedDemoStaff } from '../../seed/staff'
import { storeProfile } from '../../store-profile'
import { goLiveChecklist } from './checklist'

let database: Database
beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(() => database?.close())

const READY = { STORE_MODE: 'live', PUBLIC_URL: 'https://loja.example', PAYMENT_PROVIDER: 'mercadopago', SMTP_URL: 'smtps://u:p@smtp.example' } as const
const OWN_PROFILE = { cnpj: '45.723.174/0001-10', pix: { ...storeProfile.pix, chave: 'pix@loja.example' } }
const failing = async (...args: Parameters<typeof goLiveChecklist>) => (await goLiveChecklist(...args)).filter((i) => !i.ok).map((i) => i.chave)

describe(`Antes de abrir a loja (${testDbKind})`, () => {
  it('the demo as npm start gives it: every point is still to do, each with its fix', async () => {
    const db = database.db
    await seedDemoStaff(db)
    const items = await goLiveChecklist(db, { STORE_MODE: 'demo', PAYMENT_PROVIDER: 'sandbox' }, storeProfile)
    expect(items.filter((i) => !i.ok).map((i) => i.chave)).toEqual(['modo', 'endereco', 'pagamentos', 'email', 'contasDemo', 'duasEtapas', 'perfil'])
    expect(items.find((i) => i.chave === 'contasDemo')?.situacao).toBe('3 conta(s) de demonstração ativa(s), com senha publicada no README.')
    for (const item of items) expect(item.correcao.length).toBeGreaterThan(10)
  })

  it('follows the real state: demo accounts deactivated, TOTP on, own profile and settings → nothing left', async () => {
    const db = database.db
    await db.update(staff).set({ active: false }).where(eq(staff.role, 'operacao'))
    expect(await failing(db, READY, OWN_PROFILE)).toEqual(['contasDemo', 'duasEtapas'])
    await db.update(staff).set({ active: false })
    const owner = await createStaffMember(db, 'dono', { totp: true })
    expect(await failing(db, READY, OWN_PROFILE)).toEqual([])
    // A demo customer still active counts; a member without TOTP too.
    await db.insert(customers).values({ nome: 'Cliente', sobrenome: 'Demo', email: 'cliente.demo@example.com', passwordHash: 'x' })
    await createStaffMember(db, 'atendimento')
    expect(await failing(db, READY, OWN_PROFILE)).toEqual(['contasDemo', 'duasEtapas'])
    expect(await failing(db, { ...READY, PUBLIC_URL: undefined, SMTP_URL: undefined, PAYMENT_PROVIDER: 'sandbox' }, storeProfile)).toEqual([
      'endereco',
      'pagamentos',
      'email',
      'contasDemo',
      'duasEtapas',
      'perfil',
    ])
    expect(owner.totpSecret).not.toBeNull()
  })
})
