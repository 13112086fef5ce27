import { useState } from 'react'
import { NavLink, Outlet, useNavigation } from 'react-router'
import { ADMIN_HOME } from '~/lib/admin'
import { useStaffAction } from '~/lib/admin-action'
import { requireStaffPage } from '~/lib/admin.server'
import { demoNotice } from '../../../server/domain/live/notice'
import { can, ROLE_LABELS, type Permission } from '../../../server/domain/staff/permissions'
import { AdminError } from './frame'
import type { Route } from './+types/layout'

/** The left navigation: each entry shown only to roles whose permission opens it. */
const NAV: { to: string; label: string; permission: Permission; end?: boolean }[] = [
  { to: ADMIN_HOME, label: 'Painel', permission: 'dashboard:read', end: true },
  { to: '/admin/pedidos', label: 'Pedidos', permission: 'orders:read' },
  { to: '/admin/produtos', label: 'Produtos', permission: 'catalog:read' },
  { to: '/admin/categorias', label: 'Categorias', permission: 'catalog:read' },
  { to: '/admin/marcas', label: 'Marcas', permission: 'catalog:read' },
  { to: '/admin/frete', label: 'Frete', permission: 'catalog:read' },
  { to: '/admin/promocoes', label: 'Promoções', permission: 'promotions:read' },
  { to: '/admin/clientes', label: 'Clientes', permission: 'customers:read' },
  { to: '/admin/devolucoes', label: 'Devoluções', permission: 'orders:read' },
  { to: '/admin/mensagens', label: 'Mensagens', permission: 'messages:reply' },
  { to: '/admin/avaliacoes', label: 'Avaliações', permission: 'reviews:moderate' },
  { to: '/admin/equipe', label: 'Equipe', permission: 'staff:manage' },
  { to: '/admin/auditoria', label: 'Auditoria', permission: 'audit:read' },
  { to: '/admin/tarefas', label: 'Tarefas com falha', permission: 'jobs:manage' },
  { to: '/admin/integracoes', label: 'Integrações', permission: 'integrations:manage' },
]

/** Every page inside needs a staff session; a shopper's session or none goes to /admin/entrar. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const me = await requireStaffPage(context, request)
  return {
    aviso: demoNotice(context.env),
    me: { nome: me.nome, email: me.email, role: me.role, totp: me.totpEnabled },
    nav: NAV.filter((n) => can(me.role, n.permission)).map(({ to, label, end }) => ({ to, label, end: end ?? false })),
  }
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { me, nav, aviso } = loaderData
  const navigation = useNavigation()
  const [menuOpen, setMenuOpen] = useState(false)
  // Sair is the login page's action: the session ends there and the page goes back to it.
  const leave = useStaffAction({ key: 'sair' })

  return (
    <div className="min-h-screen bg-ink-50 lg:grid lg:grid-cols-[15rem_1fr]">
      {/* A thin bar while the next page loads. */}
      <div
        aria-hidden="true"
        className={`fixed inset-x-0 top-0 z-50 h-0.5 bg-accent-500 transition-opacity ${navigation.state === 'idle' ? 'opacity-0' : 'animate-pulse opacity-100'}`}
      />
      <header className="flex items-center justify-between bg-brand-900 px-4 py-3 text-white lg:hidden">
        <span className="font-bold">Vitrine · Painel</span>
        <button
          type="button"
          className="rounded px-2 py-1 text-sm ring-1 ring-white/40"
          aria-expanded={menuOpen}
          aria-controls="adm-nav"
          onClick={() => setMenuOpen((v) => !v)}
        >
          Menu
        </button>
      </header>
      <aside
        id="adm-nav"
        className={`${menuOpen ? 'block' : 'hidden'} bg-brand-900 text-white lg:sticky lg:top-0 lg:flex lg:h-screen lg:flex-col`}
        onClick={(e) => (e.target as HTMLElement).closest('a') && setMenuOpen(false)}
      >
        <div className="hidden px-5 py-5 text-lg font-bold lg:block">
          Vitrine <span className="font-normal text-brand-200">· Painel</span>
        </div>
        <nav aria-label="Painel" className="flex flex-col gap-0.5 px-3 py-2 lg:flex-1">
          {nav.map((n) => (
            <NavLink
              key={n.to}
              to={n.to}
              end={n.end}
              prefetch="intent"
              className={({ isActive }) =>
                `rounded-lg px-3 py-2 text-sm font-medium ${isActive ? 'bg-white/15 text-white' : 'text-brand-100 hover:bg-white/10 hover:text-white'}`
              }
            >
              {n.label}
            </NavLink>
          ))}
        </nav>
        <div className="border-t border-white/10 px-5 py-4 text-sm">
          <p className="font-semibold">{me.nome}</p>
          <p className="text-brand-200">{ROLE_LABELS[me.role]}</p>
          <div className="mt-3 flex items-center gap-3">
            <NavLink to="/admin/seguranca" className="text-brand-100 underline-offset-2 hover:text-white hover:underline">
              Segurança
            </NavLink>
            <button
              type="button"
              onClick={() => leave.submit('sair', {}, '/admin/entrar')}
              disabled={leave.busy}
              className="text-brand-100 underline-offset-2 hover:text-white hover:underline"
            >
              Sair
            </button>
          </div>
        </div>
      </aside>
      <main className="min-w-0 px-4 py-6 sm:px-6 lg:px-8">
        {aviso ? (
          <p data-testid="aviso-demo" className="mb-4 rounded-lg bg-brand-900 px-4 py-2 text-center text-sm font-semibold text-white">
            {aviso}
          </p>
        ) : null}
        {me.role === 'dono' && !me.totp ? (
          <p className="mb-4 rounded-lg border border-warn-500/30 bg-accent-400/10 px-4 py-3 text-sm text-ink-700">
            Sua conta de Dono ainda não tem verificação em duas etapas.{' '}
            <NavLink to="/admin/seguranca" className="font-semibold text-brand-700 underline">
              Ative em Segurança
            </NavLink>{' '}
            para gerenciar a equipe.
          </p>
        ) : null}
        <Outlet />
      </main>
    </div>
  )
}

export function ErrorBoundary() {
  return <AdminError />
}
