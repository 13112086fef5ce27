import { Link } from 'react-router'
import type { productsWithoutMeasures } from '../../../../server/domain/shipping/admin'
import { DataTable, type Column } from '~/components/admin/DataTable'

type Missing = Awaited<ReturnType<typeof productsWithoutMeasures>>
type Row = Missing['rows'][number]

const mm = (v: number) => (v ? `${v} mm` : <strong className="text-danger-700">falta</strong>)
const COLUMNS: Column<Row>[] = [
  {
    header: 'Produto',
    cell: (p) => (
      <Link to={`/admin/produtos/${p.id}`} className="font-semibold text-brand-700 hover:underline">
        {p.titulo}
      </Link>
    ),
  },
  { header: 'SKU', cell: (p) => p.sku, wide: true },
  { header: 'Altura', cell: (p) => mm(p.alturaMm), wide: true },
  { header: 'Largura', cell: (p) => mm(p.larguraMm), wide: true },
  { header: 'Comprimento', cell: (p) => mm(p.comprimentoMm), wide: true },
  { header: 'Peso', cell: (p) => (p.pesoG ? `${p.pesoG} g` : <strong className="text-danger-700">falta</strong>) },
]

/** Who quotes (SHIPPING_PROVIDER, set in the environment) and how long a quote holds (config/store.json). */
export function ShippingProviderCard({ provedor, validadeMinutos }: { provedor: string; validadeMinutos: number }) {
  return (
    <section className="adm-card p-5 text-sm" aria-labelledby="frete-provedor">
      <h2 id="frete-provedor" className="mb-2 font-bold text-ink-900">
        Quem cota o frete
      </h2>
      <p>
        {provedor === 'melhorenvio' ? 'Melhor Envio (cotação, etiquetas e rastreio)' : 'Tabela da loja (sem etiquetas: envio manual)'}; cada cotação vale{' '}
        {validadeMinutos} min. O provedor se escolhe com SHIPPING_PROVIDER no ambiente da loja.
      </p>
    </section>
  )
}

/** The products that ship in the default box: a measure or the weight missing. */
export function MissingMeasures({ missing }: { missing: Missing }) {
  return (
    <section aria-labelledby="sem-medidas" className="flex flex-col gap-2">
      <h2 id="sem-medidas" className="font-bold text-ink-900">
        Produtos sem medidas ({missing.total}){missing.total > missing.rows.length ? `, os primeiros ${missing.rows.length}` : ''}
      </h2>
      <DataTable
        caption="Produtos sem medidas"
        columns={COLUMNS}
        rows={missing.rows}
        rowKey={(p) => p.id}
        empty="Todos os produtos ativos têm altura, largura, comprimento e peso."
      />
    </section>
  )
}
