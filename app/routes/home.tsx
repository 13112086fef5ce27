import type { Route } from './+types/home'

export const meta: Route.MetaFunction = () => [
  { title: 'Vitrine | Eletrônicos com desconto no Pix e parcelamento sem juros' },
  { name: 'description', content: 'Smartphones, notebooks, TVs, games e muito mais com entrega para todo o Brasil.' },
]

export default function Home() {
  return (
    <section className="container-page py-10">
      <h1 className="text-2xl font-bold">Vitrine</h1>
    </section>
  )
}
