/** The five regions of Brazil (IBGE), by which the store sets its delivery times. */
export const REGIONS = ['N', 'NE', 'CO', 'SE', 'S'] as const
export type Region = (typeof REGIONS)[number]

const UFS_BY_REGION: Record<Region, readonly string[]> = {
  N: ['AC', 'AM', 'AP', 'PA', 'RO', 'RR', 'TO'],
  NE: ['AL', 'BA', 'CE', 'MA', 'PB', 'PE', 'PI', 'RN', 'SE'],
  CO: ['DF', 'GO', 'MS', 'MT'],
  SE: ['ES', 'MG', 'RJ', 'SP'],
  S: ['PR', 'RS', 'SC'],
}

const REGION_OF_UF = new Map(REGIONS.flatMap((region) => UFS_BY_REGION[region].map((uf) => [uf, region] as const)))

/** The region of a UF (two upper-case letters), or null for anything else. */
export function regionOf(uf: string): Region | null {
  return REGION_OF_UF.get(uf) ?? null
}
