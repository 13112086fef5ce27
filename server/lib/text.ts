/** Lower-case text without accents: what search indexes and compares ("Câmera" → "camera"). */
export function foldText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
}

/** A readable URL slug: "Smartphone X 128GB Preto" → "smartphone-x-128gb-preto". */
export function slugify(value: string, max = 96): string {
  return foldText(value)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/, '')
}
