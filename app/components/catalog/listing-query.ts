/**
 * The query a listing form submits, without empty fields and without the default sort, so the
 * URL stays short and one result set keeps one address (`?ordem=menor-preco&max=500`).
 */
export function listingQueryFrom(form: HTMLFormElement): URLSearchParams {
  const out = new URLSearchParams()
  for (const [k, v] of new FormData(form)) {
    if (typeof v !== 'string') continue
    const value = v.trim()
    if (!value || (k === 'ordem' && value === 'relevancia')) continue
    out.set(k, value)
  }
  return out
}
