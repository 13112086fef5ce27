/** Institutional pages under /sobre/{id}/ (Decreto 7.962/2013, CDC art. 49, LGPD). */
export type InfoPage = { titulo: string; resumo: string; secoes: Array<{ titulo?: string; texto: string[] }> }

export const INFO_PAGES: Record<string, InfoPage> = {
  'quem-somos': {
    titulo: 'Quem somos',
    resumo: 'A Vitrine é uma loja online de eletrônicos feita para quem compra no Brasil.',
    secoes: [
      {
        texto: [
          'Nascemos para tornar a compra de tecnologia simples: preços claros em reais, desconto no Pix, parcelamento sem juros e entrega para todo o país.',
          'Trabalhamos apenas com produtos novos, com nota fiscal e garantia do fabricante. Nosso time de atendimento responde por WhatsApp e e-mail em horário comercial.',
        ],
      },
    ],
  },
  entregas: {
    titulo: 'Entregas e frete',
    resumo: 'Enviamos para todo o Brasil, com prazo e valor calculados pelo seu CEP.',
    secoes: [
      {
        texto: [
          'O frete é calculado no carrinho e no checkout a partir do CEP de entrega, com opções econômica, expressa e retirada em ponto parceiro.',
          'O prazo começa a contar após a confirmação do pagamento. Pagamentos via Pix são confirmados em minutos; boletos, em até 3 dias úteis.',
        ],
      },
    ],
  },
  'trocas-e-devolucoes': {
    titulo: 'Trocas e devoluções',
    resumo: 'Você pode desistir da compra em até 7 dias após o recebimento (CDC, art. 49).',
    secoes: [
      {
        titulo: 'Direito de arrependimento',
        texto: [
          'Compras feitas pela internet podem ser canceladas em até 7 dias corridos a partir do recebimento, sem custo e sem necessidade de justificativa. Devolvemos o valor integral, inclusive o frete.',
        ],
      },
      {
        titulo: 'Produto com defeito',
        texto: [
          'Produtos com defeito podem ser trocados dentro da garantia legal de 90 dias e da garantia do fabricante. Fale com o atendimento informando o número do pedido.',
        ],
      },
    ],
  },
  privacidade: {
    titulo: 'Política de privacidade',
    resumo: 'Como tratamos seus dados pessoais, conforme a Lei Geral de Proteção de Dados (Lei 13.709/2018).',
    secoes: [
      {
        texto: [
          'Usamos seus dados apenas para processar pedidos, entregar produtos, emitir notas fiscais e, se você consentir, enviar ofertas por e-mail.',
          'Você pode pedir acesso, correção ou exclusão dos seus dados a qualquer momento pelo nosso e-mail de atendimento. Registros fiscais de pedidos são mantidos pelo prazo exigido em lei.',
          'Não vendemos dados pessoais. Cookies são usados para manter sua sessão e seu carrinho.',
        ],
      },
    ],
  },
  'termos-de-uso': {
    titulo: 'Termos de uso',
    resumo: 'As regras para comprar na Vitrine.',
    secoes: [
      {
        texto: [
          'Preços e condições valem para compras no site e podem mudar sem aviso; o preço confirmado é o do momento da finalização do pedido.',
          'Pedidos estão sujeitos à confirmação do pagamento e à disponibilidade em estoque.',
        ],
      },
    ],
  },
  mudamos: {
    titulo: 'Mudamos!',
    resumo: 'A Vitrine está de casa nova: um site mais rápido, com busca melhor e checkout em poucos passos.',
    secoes: [
      {
        texto: [
          'Seu cadastro, seus endereços e seu histórico de pedidos continuam com você. Se algo não estiver onde você esperava, fale com a gente pelo WhatsApp.',
        ],
      },
    ],
  },
}
