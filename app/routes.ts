import { type RouteConfig, index, layout, route } from '@react-router/dev/routes'

/** Explicit route table mirroring docs/requirements.md §2. */
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
    // Where the brand + category page's sidebar links (spec §2): the same listing.
    route('produto/marca/:mc/:name', 'routes/marca-categoria.tsx', { id: 'produto-marca-categoria' }),
    route('produto/:id', 'routes/produto.tsx'),
    route('products', 'routes/products.tsx'),
    route('compras/carrinho', 'routes/carrinho.tsx'),
    route('compras/finalizar', 'routes/finalizar.tsx'),
    route('compras/pedido/:code', 'routes/pedido.tsx'),
    route('checkout', 'routes/checkout.tsx'),
    route('checkout/address', 'routes/checkout-address.tsx'),
    route('checkout/pagamento', 'routes/checkout-pagamento.tsx'),
    route('endereco', 'routes/endereco.tsx'),
    route('endereco/cep', 'routes/endereco-cep.tsx'),
    route('endereco/adicionar/:cod', 'routes/endereco-adicionar.tsx'),
    route('endereco/editar/:id', 'routes/endereco-editar.tsx'),
    route('authorization/user', 'routes/authorization-user.tsx'),
    route('authorization/login/step/1/:id', 'routes/login-step-1.tsx'),
    route('authorization/login/step/2/:token', 'routes/login-step-2.tsx'),
    route('cliente/login', 'routes/cliente-login.tsx'),
    route('cliente/cadastro', 'routes/cadastro.tsx'),
    route('cliente/recuperar-senha', 'routes/recuperar-senha.tsx'),
    route('cliente/nova-senha/:token', 'routes/nova-senha.tsx'),
    route('cliente/conta', 'routes/conta.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),
  // The back office: its own frame, stylesheet and bundle, outside the storefront's shell.
  layout('routes/admin/frame.tsx', [
    route('admin/entrar', 'routes/admin/entrar.tsx'),
    route('admin/convite/:token', 'routes/admin/convite.tsx'),
    // A sheet to print: outside the navigation.
    route('admin/pedidos/:code/etiqueta', 'routes/admin/etiqueta.tsx'),
    route('admin', 'routes/admin/layout.tsx', [
      index('routes/admin/painel.tsx'),
      route('pedidos', 'routes/admin/pedidos.tsx'),
      route('pedidos/:code', 'routes/admin/pedido.tsx'),
      route('produtos', 'routes/admin/produtos.tsx'),
      route('produtos/novo', 'routes/admin/produto.tsx', { id: 'routes/admin/produto-novo' }),
      route('produtos/:id', 'routes/admin/produto.tsx'),
      route('clientes', 'routes/admin/clientes.tsx'),
      route('clientes/:id', 'routes/admin/cliente.tsx'),
      route('equipe', 'routes/admin/equipe.tsx'),
      route('auditoria', 'routes/admin/auditoria.tsx'),
      route('seguranca', 'routes/admin/seguranca.tsx'),
      route('*', 'routes/admin/nao-encontrada.tsx'),
    ]),
  ]),
  // A sheet to print: outside the shell (no header, footer or phone bar).
  route('compras/pedido/:code/boleto', 'routes/pedido-boleto.tsx'),
  route('robots.txt', 'routes/robots.txt.ts'),
  route('sitemap.xml', 'routes/sitemap.xml.ts'),
] satisfies RouteConfig
