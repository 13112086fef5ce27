import { type RouteConfig, index, layout, route } from '@react-router/dev/routes'

/** Explicit route table mirroring spec §2. */
export default [
  layout('routes/_shell.tsx', [
    index('routes/home.tsx'),
    route('busca', 'routes/busca-form.tsx'),
    route('sobre/:id', 'routes/sobre.tsx', { id: 'sobre' }),
    route('afiliados', 'routes/afiliados.tsx'),
    route('app/baixar', 'routes/app-baixar.tsx'),
    route('categoria/:id', 'routes/categoria.tsx'),
    route('busca/:text', 'routes/busca.tsx'),
    route('marca/:id', 'routes/marca.tsx'),
    route('marca/:mc/:name', 'routes/marca-categoria.tsx'),
    route('produto/:id', 'routes/produto.tsx'),
    route('products', 'routes/products.tsx'),
    route('compras/carrinho', 'routes/carrinho.tsx'),
    route('compras/finalizar', 'routes/finalizar.tsx'),
    route('checkout', 'routes/checkout.tsx'),
    route('endereco', 'routes/endereco.tsx'),
    route('endereco/cep', 'routes/endereco-cep.tsx'),
    route('endereco/adicionar/:cod', 'routes/endereco-adicionar.tsx'),
    route('endereco/editar/:id', 'routes/endereco-editar.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),
  route('robots.txt', 'routes/robots.txt.ts'),
  route('sitemap.xml', 'routes/sitemap.xml.ts'),
] satisfies RouteConfig
