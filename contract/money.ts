const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' })

/** The one money formatter: reais (number) → "R$ 1.234,56". */
export function formatBRL(reais: number): string {
  return brl.format(reais)
}

const count = new Intl.NumberFormat('pt-BR')

/** The one count formatter: 1234 → "1.234". */
export function formatCount(n: number): string {
  return count.format(n)
}
