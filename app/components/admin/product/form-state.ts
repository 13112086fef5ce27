import { centsField, parseReais } from '../../../../contract/money'
import type { ProductEditorFields } from '../../../../server/domain/catalog/admin-products'

/** The editor's form as typed (numbers are read on save). */
export type FormState = {
  titulo: string
  link: string
  sku: string
  categoria: string
  marca: string
  descricao: string
  especificacoes: Array<{ nome: string; valor: string }>
  alturaMm: string
  larguraMm: string
  comprimentoMm: string
  pesoG: string
  preco: string
  precoDe: string
  atacado: Array<{ min: string; preco: string }>
  video: string
  ativo: boolean
  estoque: string
  ncm: string
  cest: string
  origem: string
  gtin: string
  unidade: string
}

/** Typed reais as the wire's reais (NaN when unreadable: the schema then says what to type). */
const reais = (text: string) => {
  const cents = parseReais(text)
  return cents == null ? Number.NaN : cents / 100
}
export const parseWhole = (text: string) => (/^\s*-?\d+\s*$/.test(text) ? Number(text) : text.trim() === '' ? 0 : Number.NaN)

export function initialState(p: ProductEditorFields | null): FormState {
  return {
    titulo: p?.titulo ?? '',
    link: p?.link ?? '',
    sku: p?.sku ?? '',
    categoria: p ? String(p.categoria) : '',
    marca: p?.marca != null ? String(p.marca) : '',
    descricao: p?.descricao ?? '',
    especificacoes: p?.especificacoes.map((e) => ({ ...e })) ?? [],
    alturaMm: String(p?.alturaMm ?? 0),
    larguraMm: String(p?.larguraMm ?? 0),
    comprimentoMm: String(p?.comprimentoMm ?? 0),
    pesoG: String(p?.pesoG ?? 0),
    preco: centsField(p?.precoCents),
    precoDe: centsField(p?.precoDeCents),
    atacado: p?.atacado.map((t) => ({ min: String(t.min), preco: centsField(t.precoCents) })) ?? [],
    video: p?.video ?? '',
    ativo: p?.ativo ?? true,
    estoque: '0',
    ncm: p?.fiscal.ncm ?? '',
    cest: p?.fiscal.cest ?? '',
    origem: String(p?.fiscal.origem ?? 0),
    gtin: p?.fiscal.gtin ?? 'SEM GTIN',
    unidade: p?.fiscal.unidade ?? 'UN',
  }
}

/** The wire body the schema checks (the same schema the server reads it with). */
export function wireOf(f: FormState) {
  return {
    titulo: f.titulo,
    link: f.link,
    sku: f.sku,
    categoria: f.categoria ? Number(f.categoria) : Number.NaN,
    marca: f.marca ? Number(f.marca) : null,
    descricao: f.descricao,
    especificacoes: f.especificacoes.filter((e) => e.nome.trim() || e.valor.trim()),
    alturaMm: parseWhole(f.alturaMm),
    larguraMm: parseWhole(f.larguraMm),
    comprimentoMm: parseWhole(f.comprimentoMm),
    pesoG: parseWhole(f.pesoG),
    preco: reais(f.preco),
    precoDe: f.precoDe.trim() ? reais(f.precoDe) : null,
    atacado: f.atacado.filter((t) => t.min.trim() || t.preco.trim()).map((t) => ({ min: parseWhole(t.min), preco: reais(t.preco) })),
    video: f.video,
    ativo: f.ativo,
    ncm: f.ncm,
    cest: f.cest,
    origem: parseWhole(f.origem),
    gtin: f.gtin,
    unidade: f.unidade.trim().toUpperCase(),
  }
}
