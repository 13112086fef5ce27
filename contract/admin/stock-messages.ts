// Limits and pt-BR messages of the product editor's Variations and Stock sections (issue 19),
// without zod: the admin pages check a field with the same words before calling
// (contract/admin/catalog-stock.ts holds the schemas).

/** The most units one product or option may count (a typo of a few zeros is refused). */
export const MAX_STOCK = 1_000_000
/** A value's price at most: R$ 1.000.000,00. */
export const MAX_PRICE_CENTS = 100_000_000
export const GROUP_NAME_MAX = 60
export const VALUE_NAME_MAX = 80

const units = (n: number) => `${n.toLocaleString('pt-BR')} ${n === 1 ? 'unidade' : 'unidades'}`

export const STOCK_MESSAGES = {
  tipo: 'Informe o estoque em unidades (um número inteiro).',
  negativo: 'O estoque não pode ser negativo.',
  fracionado: 'O estoque é contado em unidades inteiras: use um número sem vírgula.',
  maximo: `O estoque vai até ${MAX_STOCK.toLocaleString('pt-BR')} unidades.`,
  esperado: 'Informe o estoque que a tela mostrava (recarregue a página).',
  receber: 'Informe quantas unidades chegaram: um número inteiro a partir de 1.',
  receberMaximo: `O estoque vai até ${MAX_STOCK.toLocaleString('pt-BR')} unidades: receba menos.`,
  produto: 'Produto não encontrado.',
  opcao: 'Variação não encontrada neste produto.',
  /** 409: someone (a shopper's order, another person) changed the count after the editor read it. */
  conflito: (atual: number) =>
    `O estoque mudou enquanto você editava (uma venda ou outra pessoa): agora há ${units(atual)}. Nada foi alterado — confira o número e salve de novo.`,
  ajustado: (n: number) => `Estoque ajustado para ${units(n)}.`,
  recebido: (n: number, total: number) => `${units(n)} ${n === 1 ? 'recebida' : 'recebidas'}: agora há ${units(total)}.`,
} as const

export const VARIATION_MESSAGES = {
  grupoNome: 'Dê um nome ao grupo (ex.: Cor, Memória).',
  grupoLongo: `Nome do grupo longo demais (até ${GROUP_NAME_MAX} caracteres).`,
  grupoRepetido: 'Este produto já tem um grupo com esse nome.',
  valorNome: 'Dê um nome ao valor (ex.: Azul, 128 GB).',
  valorLongo: `Nome do valor longo demais (até ${VALUE_NAME_MAX} caracteres).`,
  valorRepetido: 'Este grupo já tem um valor com esse nome.',
  preco: 'Preço inválido: informe um valor maior que zero (em centavos).',
  precoMaximo: 'Preço alto demais (até R$ 1.000.000,00).',
  ordem: 'A nova ordem deve listar cada item uma única vez (recarregue a página).',
  grupo: 'Grupo de variações não encontrado neste produto.',
  valor: 'Valor não encontrado neste produto.',
  nada: 'Nada a alterar: informe o nome, o preço ou se o valor está ativo.',
} as const
