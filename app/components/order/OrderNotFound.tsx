/** What the order pages show for a code that is not one of the customer's orders (404). */
export function OrderNotFound({ titulo, texto, conta = false }: { titulo: string; texto: string; conta?: boolean }) {
  return (
    <section className="container-page max-w-2xl py-12 text-center">
      <h1 className="text-2xl font-bold text-ink-900">{titulo}</h1>
      <p className="mt-2 text-ink-700">{texto}</p>
      {conta && (
        <a href="/cliente/conta/" className="btn-primary mt-4">
          Minha Conta
        </a>
      )}
    </section>
  )
}
