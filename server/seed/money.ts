/**
 * Shop-window prices: under R$ 1.000 they end in ,90 (R$ 79,90, R$ 349,90); from R$ 1.000 on they are
 * whole hundreds minus one real (R$ 2.999,00). Returns centavos.
 */
export function shelfPriceCents(reais: number): number {
  if (reais < 1000) {
    const tens = Math.max(1, Math.round(reais / 10))
    return tens * 1000 - 10
  }
  return (Math.round(reais / 100) * 100 - 1) * 100
}
