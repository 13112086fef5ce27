// The catalog template that ships with the project (docs/catalogo-modelo.csv, downloadable from the
// import page): the columns in the export's order and three example lines that import into the demo
// store — a product without variations (with a "de" price, wholesale and specifications) and one with
// two colour options. tests/api/admin-import.test.ts holds the file in docs/ equal to this text.
import { CATALOG_COLUMN_NAMES, type CatalogColumnName } from '../../../../contract/admin/catalog-import'
import { csvField } from '../../order/csv'

const EXAMPLES: Partial<Record<CatalogColumnName, string>>[] = [
  {
    sku: 'MODELO-0001',
    titulo: 'Capa de Silicone Exemplo para Galaxy A55 Azul',
    link: 'capa-de-silicone-exemplo-para-galaxy-a55-azul',
    categoria: 'capas-e-peliculas',
    marca: 'Samsung',
    preco: '49,90',
    preco_de: '69,90',
    estoque: '25',
    ativo: 'sim',
    peso_g: '80',
    altura_mm: '20',
    largura_mm: '90',
    comprimento_mm: '180',
    ncm: '3926.90.90',
    origem: '0',
    gtin: 'SEM GTIN',
    unidade: 'UN',
    atacado_min: '10',
    atacado_preco: '39,90',
    especificacoes: 'Material: Silicone\nCompatível com: Galaxy A55',
    descricao: '<p>Capa de silicone macio com <strong>proteção nas bordas</strong>.</p>',
  },
  ...(['Preto', 'Branco'] as const).map((cor, i) => ({
    sku: 'MODELO-0002',
    titulo: 'Fone Bluetooth Exemplo JBL Wave',
    link: '',
    categoria: 'Áudio > Fones Bluetooth',
    marca: 'JBL',
    preco: '249,00',
    preco_de: '',
    estoque: '',
    ativo: 'sim',
    peso_g: '150',
    altura_mm: '40',
    largura_mm: '70',
    comprimento_mm: '90',
    ncm: '8518.30.00',
    origem: '2',
    gtin: '7891000315507',
    unidade: 'UN',
    variacao: 'Cor',
    opcao: cor,
    opcao_preco: i === 0 ? '249,00' : '259,00',
    opcao_estoque: i === 0 ? '12' : '0',
    opcao_ativo: 'sim',
    especificacoes: 'Conexão: Bluetooth 5.3 | Bateria: até 32 horas',
    descricao: '<p>Fone sem fio com estojo de carga.</p>',
  })),
]

export function catalogTemplate(): string {
  const line = (fields: string[]) => `${fields.map(csvField).join(';')}\r\n`
  return `\uFEFF${line(CATALOG_COLUMN_NAMES)}${EXAMPLES.map((e) => line(CATALOG_COLUMN_NAMES.map((n) => e[n] ?? ''))).join('')}`
}
