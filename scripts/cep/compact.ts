// Builds server/integrations/cep/data/cep-faixas.tsv from the reference CSV (uf,ibge,cidade,cep_inicio,cep_fim).
// Run: node --import tsx scripts/cep/compact.ts <cep-faixas.csv>
// The output is sorted by the range start, one range per line: inicio, fim, uf, ibge, cidade (tab-separated,
// no header, no quoting), so the store reads it with one split per line and finds a CEP by binary search.
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const OUT = fileURLToPath(new URL('../../server/integrations/cep/data/cep-faixas.tsv', import.meta.url))

type Range = { inicio: string; fim: string; uf: string; ibge: string; cidade: string }

function parse(csv: string): Range[] {
  const [header, ...lines] = csv.trim().split(/\r?\n/)
  if (header !== 'uf,ibge,cidade,cep_inicio,cep_fim') throw new Error(`cabeçalho inesperado: ${header}`)
  return lines.map((line, i) => {
    // City names carry no commas or quotes in the source; refuse a line that does not split in five.
    const parts = line.split(',')
    if (parts.length !== 5) throw new Error(`linha ${i + 2}: ${line}`)
    const [uf, ibge, cidade, inicio, fim] = parts
    if (!/^[A-Z]{2}$/.test(uf) || !/^\d{7}$/.test(ibge) || !/^\d{8}$/.test(inicio) || !/^\d{8}$/.test(fim) || inicio > fim || !cidade || /\t/.test(cidade)) {
      throw new Error(`linha ${i + 2} inválida: ${line}`)
    }
    return { inicio, fim, uf, ibge, cidade }
  })
}

const source = process.argv[2]
if (!source) throw new Error('uso: node --import tsx scripts/cep/compact.ts caminho/cep-faixas.csv')
const ranges = parse(readFileSync(source, 'utf8')).sort((a, b) => a.inicio.localeCompare(b.inicio))
for (let i = 1; i < ranges.length; i++) {
  if (ranges[i].inicio <= ranges[i - 1].fim) throw new Error(`faixas sobrepostas: ${ranges[i - 1].inicio}–${ranges[i - 1].fim} e ${ranges[i].inicio}`)
}
writeFileSync(OUT, ranges.map((r) => [r.inicio, r.fim, r.uf, r.ibge, r.cidade].join('\t')).join('\n') + '\n')
console.log(`${ranges.length} faixas → ${OUT}`)
