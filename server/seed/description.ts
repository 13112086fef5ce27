import type { Rng } from './random'
import type { Draft, Template } from './templates/types'

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

const OPENINGS = [
  (noun: string, name: string) => `Conheça ${name}: ${noun === 'jogo' ? 'diversão garantida' : 'tecnologia de ponta'} com o melhor custo-benefício da Vitrine.`,
  (noun: string, name: string) => `${name} chegou para facilitar o seu dia a dia, com desempenho de sobra e acabamento caprichado.`,
  (noun: string, name: string) => `Procurando ${article(noun)} ${noun} confiável? ${name} entrega qualidade, praticidade e garantia oficial.`,
  (noun: string, name: string) =>
    `Com ${name} você tem na mão o que há de mais procurado em ${noun === 'jogo' ? 'games' : 'eletrônicos'}, pelo preço que cabe no bolso.`,
]

const CLOSINGS = [
  'Produto novo, lacrado, com nota fiscal e garantia de 12 meses do fabricante. Pague com Pix e ganhe desconto, ou parcele sem juros no cartão.',
  'Enviamos para todo o Brasil com código de rastreio. Compra 100% segura, com nota fiscal e garantia oficial de 12 meses.',
  'Dúvidas antes de comprar? Fale com o nosso atendimento pelo WhatsApp. Produto original com nota fiscal e 12 meses de garantia.',
]

function article(noun: string): string {
  return /^(capa|lâmpada|tomada|câmera|smart TV|soundbar|caixa|impressora|placa|memória|lente)/.test(noun) ? 'uma' : 'um'
}

/** A short pt-BR product description as safe HTML: 2–4 paragraphs with a bullet list. */
export function describe(r: Rng, template: Template, draft: Draft, brand: string, model: string): string {
  const name = `${article(template.noun) === 'uma' ? 'a' : 'o'} ${template.noun} ${brand} ${model}`
  const opening = r
    .pick(OPENINGS)(template.noun, `<strong>${escape(name)}</strong>`)
    .replace(/^(<strong>)?(.)/, (_, tag: string | undefined, c: string) => `${tag ?? ''}${c.toUpperCase()}`)
  const bullets = r.sample(draft.features, Math.min(draft.features.length, r.int(3, 5)))
  const highlights = draft.specs.filter((s) => s.nome !== 'Cor').slice(0, 3)
  const paragraphs = [`<p>${opening}</p>`, `<ul>${bullets.map((b) => `<li>${escape(b)}</li>`).join('')}</ul>`]
  if (highlights.length > 1 && r.chance(0.7)) {
    const list = highlights.map((s) => `${s.nome.toLowerCase()}: ${escape(s.valor)}`).join('; ')
    paragraphs.push(`<p>Destaques técnicos — ${list}. Confira a ficha completa em Especificações.</p>`)
  }
  paragraphs.push(`<p><strong>Na caixa:</strong> ${escape(draft.box)}.</p>`)
  if (r.chance(0.6)) paragraphs.push(`<p>${r.pick(CLOSINGS)}</p>`)
  return paragraphs.join('\n')
}
