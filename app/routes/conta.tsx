import { useState } from 'react'
import { Link, redirect } from 'react-router'
import { readConta } from '../../server/domain/account/profile'
import { listAddresses } from '../../server/domain/address'
import { listOrders } from '../../server/domain/order/view'
import { currentCustomer } from '../../server/http/require-customer'
import { privateAnswer } from '../../server/http/cache-headers'
import { PasswordSection } from '~/components/account/PasswordSection'
import { AccountAddresses } from '~/components/address/AccountAddresses'
import { PrivacySection } from '~/components/account/PrivacySection'
import { ProfileSection } from '~/components/account/ProfileSection'
import { Section } from '~/components/account/Section'
import { call } from '~/lib/api'
import { formatBRL } from '~/lib/money'
import type { Route } from './+types/conta'
import { LOGIN_PATH } from '~/lib/customer'

export const headers: Route.HeadersFunction = () => privateAnswer()

export const meta: Route.MetaFunction = () => [{ title: 'Minha Conta | Vitrine' }, { name: 'robots', content: 'noindex' }]

/** Minha Conta is the customer's: a visitor goes to the login flow. */
export async function loader({ context }: Route.LoaderArgs) {
  const session = currentCustomer(context)
  const conta = session ? await readConta(context, session.customerId) : null
  if (!session || !conta) throw redirect(LOGIN_PATH)
  const [enderecos, pedidos] = await Promise.all([listAddresses(context.db, session.customerId), listOrders(context.db, session.customerId)])
  return { conta, enderecos, pedidos }
}

/** /cliente/conta/: data, password, addresses, orders (each linking to its page), LGPD, logout. */
export default function Conta({ loaderData }: Route.ComponentProps) {
  const [conta, setConta] = useState(loaderData.conta)
  const [leaving, setLeaving] = useState(false)
  return (
    <div className="container-page py-8">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-ink-900 sm:text-3xl">Minha Conta</h1>
          <p className="text-ink-500">Olá, {conta.nome}!</p>
        </div>
        <button
          type="button"
          className="btn-ghost"
          disabled={leaving}
          onClick={async () => {
            setLeaving(true)
            const r = await call('sair', {})
            if (r.ok) return window.location.assign('/')
            setLeaving(false)
          }}
        >
          {leaving ? 'Saindo...' : 'Sair da conta'}
        </button>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="lg:col-span-2">
          <ProfileSection conta={conta} onSaved={setConta} />
        </div>
        <Section id="meus-pedidos" title="Meus pedidos">
          {loaderData.pedidos.length === 0 ? (
            <p className="text-ink-500">Você ainda não fez pedidos.</p>
          ) : (
            <ul className="divide-y divide-ink-100">
              {loaderData.pedidos.map((p) => (
                <li key={p.codigo} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                  <Link to={`/compras/pedido/${p.codigo}`} className="font-semibold text-brand-700 underline">
                    {p.codigo}
                  </Link>
                  <span className="text-ink-500">{new Date(p.criadoEm).toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' })}</span>
                  <span>{p.situacao}</span>
                  <span className="font-semibold">{formatBRL(p.total)}</span>
                </li>
              ))}
            </ul>
          )}
        </Section>
        <Section id="meus-enderecos" title="Meus endereços">
          <AccountAddresses enderecos={loaderData.enderecos} />
        </Section>
        <div className="lg:col-span-2">
          <PasswordSection />
        </div>
        <div className="lg:col-span-2">
          <PrivacySection />
        </div>
      </div>
    </div>
  )
}
