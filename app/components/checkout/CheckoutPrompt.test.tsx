import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { CheckoutPrompt } from './parts'

const render = (code: string, at: string) =>
  renderToStaticMarkup(
    <MemoryRouter initialEntries={[at]}>
      <CheckoutPrompt code={code} />
    </MemoryRouter>,
  )

describe('checkout prompts', () => {
  it("'auth' logs in and comes back to the checkout page it was shown on", () => {
    expect(render('auth', '/checkout')).toContain('href="/authorization/user/?voltar=%2Fcheckout"')
    expect(render('auth', '/compras/finalizar?x=1')).toContain('href="/authorization/user/?voltar=%2Fcompras%2Ffinalizar%3Fx%3D1"')
    expect(render('auth', '/checkout')).toContain('Entre na sua conta para continuar a compra.')
  })

  it("'sedrc' leads to the CEP entry, 'EsEdrc' to the address choice, anything else is shown as it is", () => {
    const sedrc = render('sedrc', '/compras/finalizar')
    expect(sedrc).toContain('Cadastre um endereço de entrega para continuar.')
    expect(sedrc).toMatch(/<a[^>]*href="\/endereco\/cep\/"[^>]*>Cadastrar endereço<\/a>/)
    const esedrc = render('EsEdrc', '/compras/finalizar')
    expect(esedrc).toContain('Selecione o endereço de entrega.')
    expect(esedrc).toMatch(/<a[^>]*href="\/endereco\?show=true"[^>]*>Escolher endereço<\/a>/)
    const refusal = render('Estoque insuficiente para Capa. Ajuste a quantidade no carrinho.', '/checkout/pagamento')
    expect(refusal).toContain('Estoque insuficiente para Capa. Ajuste a quantidade no carrinho.')
    expect(refusal).toMatch(/<a[^>]*href="\/compras\/carrinho"[^>]*>Voltar ao carrinho<\/a>/)
  })
})
