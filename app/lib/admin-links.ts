/** The order list's URL for a filter: every figure of the Painel links to the list behind it. */
export function ordersUrl(filter: Record<string, string | undefined>): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(filter)) if (value) params.set(key, value)
  const query = params.toString()
  return query ? `/admin/pedidos?${query}` : '/admin/pedidos'
}
