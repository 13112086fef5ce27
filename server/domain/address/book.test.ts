import { sql } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_ADDRESSES } from '../../../contract/address'
import { ADDRESS } from '../../../contract/messages/address-reasons'
import { createTestDatabase, testDbKind } from '../../../tests/support/db'
import type { Database, Db } from '../../db/client'
import { rows } from '../../db/sql'
import { isRefusal } from '../refusal'
import { choosePrincipal, deleteAddress, listAddresses, lookUpCep, saveAddress } from '.'

let database: Database
let db: Db
let customerId: number
const ctx = () => ({ db, env: {}, log: pino({ level: 'silent' }) })

beforeAll(async () => {
  database = await createTestDatabase()
  db = database.db
  ;[{ id: customerId }] = await rows<{ id: number }>(
    db,
    sql`insert into customers (nome, email, password_hash) values ('Rita', 'rita@example.com', 'x') returning id`,
  )
})
afterAll(() => database?.close())

const form = (cod: string, numero: string) => ({
  cod,
  nome: 'Rita',
  sobrenome: 'Lee',
  telefone: '11987654321',
  bairro: '',
  rua: '',
  numero,
  complemento: 'Casa',
})

describe(`address book rules (${testDbKind})`, () => {
  it('never passes 20 addresses nor keeps two principals, even with changes at the same time', async () => {
    const lookup = await lookUpCep(ctx(), customerId, '01310200')
    expect(lookup).toMatchObject({ rua: 'Avenida Paulista', estado: 'SP' })
    const saves = await Promise.all(Array.from({ length: MAX_ADDRESSES + 5 }, (_, i) => saveAddress(db, customerId, form(lookup!.cod, String(i + 1)))))
    expect(saves.filter((r) => !isRefusal(r))).toHaveLength(MAX_ADDRESSES)
    expect(saves.filter((r) => isRefusal(r) && r.code === ADDRESS.limite.code)).toHaveLength(5)

    const book = await listAddresses(db, customerId)
    expect(book).toHaveLength(MAX_ADDRESSES)
    expect(book.filter((a) => a.principal)).toHaveLength(1)

    await Promise.all(book.slice(0, 6).map((a) => choosePrincipal(db, customerId, a.id)))
    expect((await listAddresses(db, customerId)).filter((a) => a.principal)).toHaveLength(1)
  })

  it('promotes the oldest remaining address when the principal is deleted, until none is left', async () => {
    for (;;) {
      const book = await listAddresses(db, customerId)
      if (book.length === 0) break
      const principal = book.find((a) => a.principal)!
      const after = await deleteAddress(db, customerId, principal.id)
      if (isRefusal(after)) throw after
      if (after.enderecos.length) {
        expect(after.enderecos.filter((a) => a.principal)).toHaveLength(1)
        // The book lists the principal first, then the others oldest first.
        const oldest = book.filter((a) => a.id !== principal.id)[0]
        expect(after.enderecos[0].id).toBe(oldest.id)
      }
    }
    expect(await listAddresses(db, customerId)).toEqual([])
  })
})
