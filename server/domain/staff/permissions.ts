/**
 * Roles are sets of permissions (ARCHITECTURE "The operator's half"); every /admin page and call
 * asks for a permission, never for a role, so a new role is one line here. Imports nothing: the
 * admin pages ship it (role labels, which buttons to offer); the server decides.
 */
export const ROLES = ['dono', 'operacao', 'atendimento'] as const
export type Role = (typeof ROLES)[number]

export const PERMISSIONS = [
  'dashboard:read',
  'orders:read',
  /** pedidos.csv: every buyer's name, e-mail and CPF in one file (the list alone shows neither). */
  'orders:export',
  'orders:note',
  'orders:advance',
  'orders:cancel',
  'orders:refund',
  'customers:read',
  'customers:export',
  /** Removing a customer account (the LGPD anonymisation): the Dono only. */
  'customers:erase',
  'catalog:read',
  'catalog:write',
  /** Cupons and automatic promotions (/admin/promocoes): what the store gives away. */
  'promotions:read',
  'promotions:write',
  'reviews:moderate',
  'messages:reply',
  'returns:manage',
  'staff:manage',
  'audit:read',
  /** "Tarefas com falha": see and try again the jobs out of retries (docs/decisions/0125-durable-jobs.md). */
  'jobs:manage',
  /** "Integrações": API keys for an ERP or a marketplace hub, and the webhooks' deliveries: the Dono only. */
  'integrations:manage',
  /** "Frete" (/admin/frete): origin, services, margin, the table and free shipping — what every shopper pays: the Dono only. */
  'shipping:manage',
] as const
export type Permission = (typeof PERMISSIONS)[number]

const GRANTS: Record<Role, ReadonlySet<Permission>> = {
  dono: new Set(PERMISSIONS),
  operacao: new Set(
    PERMISSIONS.filter((p) => p !== 'staff:manage' && p !== 'audit:read' && p !== 'customers:erase' && p !== 'integrations:manage' && p !== 'shipping:manage'),
  ),
  atendimento: new Set<Permission>(['dashboard:read', 'orders:read', 'orders:note', 'customers:read', 'catalog:read', 'reviews:moderate', 'messages:reply']),
}

export function can(role: Role, permission: Permission): boolean {
  return GRANTS[role].has(permission)
}

/** How a role is named to people. */
export const ROLE_LABELS: Record<Role, string> = { dono: 'Dono', operacao: 'Operação', atendimento: 'Atendimento' }
