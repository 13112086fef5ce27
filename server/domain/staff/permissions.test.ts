import { describe, expect, it } from 'vitest'
import { can, PERMISSIONS, ROLES } from './permissions'

describe('roles and permissions', () => {
  it('gives the Dono everything, the Operação all but the staff, the audit, removing customers, integrations and the shipping settings, the Atendimento reading and answering', () => {
    expect(PERMISSIONS.every((p) => can('dono', p))).toBe(true)
    expect(PERMISSIONS.filter((p) => !can('operacao', p))).toEqual(['customers:erase', 'staff:manage', 'audit:read', 'integrations:manage', 'shipping:manage'])
    expect(can('operacao', 'orders:export')).toBe(true)
    expect(PERMISSIONS.filter((p) => can('atendimento', p))).toEqual([
      'dashboard:read',
      'orders:read',
      'orders:note',
      'customers:read',
      'catalog:read',
      'reviews:moderate',
      'messages:reply',
    ])
  })

  it('lets the Dono and the Operação run the promotions, and not the Atendimento', () => {
    expect(ROLES.filter((r) => can(r, 'promotions:write'))).toEqual(['dono', 'operacao'])
    expect(ROLES.filter((r) => can(r, 'promotions:read'))).toEqual(['dono', 'operacao'])
  })

  it('lets every role open the Painel (the page after the login)', () => {
    expect(ROLES.every((r) => can(r, 'dashboard:read'))).toBe(true)
  })
})
