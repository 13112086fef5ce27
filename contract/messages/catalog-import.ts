import { formatCount } from '../money'
import { reasons } from './reason'

const SAVE_AS_CSV = 'No Excel, use "Salvar como" → "CSV UTF-8 (delimitado por vírgulas)".'

/** The back office's catalog import: the file refused whole, and the import that cannot go on. */
export const CATALOG_IMPORT = reasons('catalogImport', {
  notFound: ['not_found', 'Importação não encontrada.'],
  notCsvBody: ['unsupported', 'Envie o arquivo CSV como o corpo da requisição (Content-Type: text/csv).'],
  empty: ['invalid', 'O arquivo está vazio.'],
  spreadsheet: [
    'unsupported',
    'Este arquivo é uma planilha do Excel (.xlsx). No Excel, use "Salvar como" → "CSV UTF-8 (delimitado por vírgulas)" e envie o CSV.',
  ],
  notText: ['unsupported', `O arquivo não é um CSV de texto. ${SAVE_AS_CSV}`],
  unknownEncoding: ['unsupported', `Codificação do arquivo não reconhecida (não é UTF-8 nem Windows-1252). ${SAVE_AS_CSV}`],
  badCsv: [
    'invalid',
    (line: number | undefined, what: string) => `CSV inválido${line ? ` perto da linha ${line}` : ''}: ${what}. Confira as aspas do arquivo.`,
  ],
  badColumns: ['invalid', (problems: string, header: string) => `Colunas do arquivo inválidas: ${problems}. Use o cabeçalho do modelo (${header}).`],
  headerOnly: ['invalid', 'O arquivo só tem o cabeçalho: nenhum produto para importar.'],
  tooManyLines: ['invalid', (lines: number, max: number) => `O arquivo tem ${formatCount(lines)} linhas; importe até ${formatCount(max)} por arquivo.`],
  stillApplying: ['conflict', (fileName: string) => `A importação de "${fileName}" ainda não terminou: continue-a ou cancele-a antes de enviar outro arquivo.`],
  movedOn: ['conflict', 'A importação avançou em outra aba: atualize a página.'],
  finished: ['conflict', 'Esta importação já foi concluída.'],
  cancelled: ['conflict', 'Esta importação foi cancelada: envie o arquivo de novo.'],
})

/** What the import page says after a step. */
export const CATALOG_IMPORT_DONE = {
  finished: 'Importação concluída.',
  cancelled: 'Importação cancelada.',
} as const
