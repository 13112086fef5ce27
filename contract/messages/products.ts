import { MAX_ALT_LENGTH, MAX_IMAGES_PER_PRODUCT } from '../admin/media-limits'
import { GROUP_NAME_MAX, MAX_STOCK, VALUE_NAME_MAX } from '../admin/stock-limits'
import { reasons } from './reason'

/**
 * The back office's products: the list, the editor's own fields, the bulk actions, and the editor's
 * Estoque, Variações and Imagens sections. The editor checks a field client-side with the same words.
 */
export const PRODUCTS = reasons('products', {
  notFound: ['not_found', 'Produto não encontrado.'],
  badCursor: ['invalid', 'Página inválida: volte à primeira página.'],
  categoryNotFound: ['invalid', 'Categoria não encontrada.'],
  brandNotFound: ['invalid', 'Marca não encontrada.'],
  linkTaken: ['conflict', (link: string, title: string) => `O link "${link}" já é usado pelo produto "${title}". Escolha outro.`],
  skuTaken: ['conflict', (sku: string, title: string) => `O código "${sku}" já é usado pelo produto "${title}". Escolha outro.`],
  /** A unique index the checks missed: two saves at once. */
  linkJustTaken: ['conflict', 'Este link acabou de ser usado por outro produto. Escolha outro.'],
  skuJustTaken: ['conflict', 'Este código acabou de ser usado por outro produto. Escolha outro.'],
  takenMeanwhile: ['conflict', 'Outro cadastro usou estes dados ao mesmo tempo. Tente de novo.'],
  /** Someone saved the product since the editor loaded it ("who saved first"). */
  changedBy: [
    'conflict',
    (who: string) =>
      `Este produto foi alterado por ${who} enquanto você editava. Recarregue a página para ver a versão atual; suas alterações não foram salvas.`,
  ],
  changed: ['conflict', 'Este produto foi alterado enquanto você editava. Recarregue a página.'],
  selectionGone: ['not_found', 'Algum produto selecionado não existe mais. Recarregue a lista.'],
  /** The form's first bad field (the answer also carries every field's message). */
  badField: ['invalid', (message: string) => message],
  badForm: ['invalid', 'Dados inválidos: confira os campos.'],
})

const units = (n: number) => `${n.toLocaleString('pt-BR')} ${n === 1 ? 'unidade' : 'unidades'}`

/** The Estoque section: a count set ('Ajuste') or units received ('Recebimento'). */
export const STOCK = reasons('stock', {
  type: ['invalid', 'Informe o estoque em unidades (um número inteiro).'],
  negative: ['invalid', 'O estoque não pode ser negativo.'],
  fraction: ['invalid', 'O estoque é contado em unidades inteiras: use um número sem vírgula.'],
  max: ['invalid', `O estoque vai até ${MAX_STOCK.toLocaleString('pt-BR')} unidades.`],
  expected: ['invalid', 'Informe o estoque que a tela mostrava (recarregue a página).'],
  receive: ['invalid', 'Informe quantas unidades chegaram: um número inteiro a partir de 1.'],
  receiveMax: ['invalid', `O estoque vai até ${MAX_STOCK.toLocaleString('pt-BR')} unidades: receba menos.`],
  optionNotFound: ['not_found', 'Variação não encontrada neste produto.'],
  /** Someone (a shopper's order, another person) changed the count after the editor read it. */
  changed: [
    'conflict',
    (now: number) =>
      `O estoque mudou enquanto você editava (uma venda ou outra pessoa): agora há ${units(now)}. Nada foi alterado — confira o número e salve de novo.`,
  ],
})

/** What the Estoque section says after a change. */
export const STOCK_DONE = {
  adjusted: (n: number) => `Estoque ajustado para ${units(n)}.`,
  received: (n: number, total: number) => `${units(n)} ${n === 1 ? 'recebida' : 'recebidas'}: agora há ${units(total)}.`,
} as const

/** The Variações section: option groups and their values. */
export const VARIATIONS = reasons('variations', {
  groupName: ['invalid', 'Dê um nome ao grupo (ex.: Cor, Memória).'],
  groupNameLong: ['invalid', `Nome do grupo longo demais (até ${GROUP_NAME_MAX} caracteres).`],
  groupRepeated: ['conflict', 'Este produto já tem um grupo com esse nome.'],
  valueName: ['invalid', 'Dê um nome ao valor (ex.: Azul, 128 GB).'],
  valueNameLong: ['invalid', `Nome do valor longo demais (até ${VALUE_NAME_MAX} caracteres).`],
  valueRepeated: ['conflict', 'Este grupo já tem um valor com esse nome.'],
  price: ['invalid', 'Preço inválido: informe um valor maior que zero (em centavos).'],
  priceMax: ['invalid', 'Preço alto demais (até R$ 1.000.000,00).'],
  order: ['invalid', 'A nova ordem deve listar cada item uma única vez (recarregue a página).'],
  groupNotFound: ['not_found', 'Grupo de variações não encontrado neste produto.'],
  valueNotFound: ['not_found', 'Valor não encontrado neste produto.'],
  nothing: ['invalid', 'Nada a alterar: informe o nome, o preço ou se o valor está ativo.'],
  activeInvalid: ['invalid', 'Campo ativo inválido.'],
})

/** The Imagens section: uploads and the images' order, main image, text and removal. */
export const IMAGES = reasons('images', {
  format: ['unsupported', 'Arquivo não aceito: envie uma imagem JPEG, PNG, WebP ou AVIF.'],
  unreadable: ['invalid', 'Não foi possível ler esta imagem: o arquivo parece corrompido.'],
  tooLarge: ['too_large', 'Imagem grande demais: envie até 10 MB.'],
  tooManyPixels: ['invalid', 'Imagem grande demais: até 64 megapixels.'],
  empty: ['invalid', 'Nenhum arquivo recebido.'],
  notFound: ['not_found', 'Imagem não encontrada.'],
  full: ['conflict', `Este produto já tem ${MAX_IMAGES_PER_PRODUCT} imagens: exclua alguma antes de enviar outra.`],
  orderChanged: ['conflict', 'As imagens mudaram enquanto você as ordenava: recarregue a página e tente de novo.'],
  altTooLong: ['invalid', `Texto alternativo longo demais (até ${MAX_ALT_LENGTH} caracteres).`],
})

/** What the product pages say after a change. */
export const PRODUCTS_DONE = {
  created: 'Produto criado.',
  saved: 'Produto salvo.',
  bulk: (n: number) => `${n.toLocaleString('pt-BR')} ${n === 1 ? 'produto alterado' : 'produtos alterados'}.`,
} as const

/** What the Imagens section says after a change. */
export const IMAGES_DONE = {
  order: 'Ordem das imagens salva.',
  main: 'Imagem principal escolhida.',
  alt: 'Texto alternativo salvo.',
  deleted: 'Imagem excluída.',
} as const
