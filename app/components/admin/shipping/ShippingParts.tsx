import { Link } from 'react-router'
import { formatCents } from '../../../../contract/money'
import type { productsWithoutMeasures, shippingSettings } from '../../../../server/domain/shipping/admin'
import { DataTable, type Column } from '~/components/admin/DataTable'

type Settings = ReturnType<typeof shippingSettings>
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

/** How the store quotes today: the provider, its services, handling days, margin and default box. */
export function ShippingSettingsCard({ settings }: { settings: Settings }) {
  const box = settings.caixaPadrao
  return (
    <section className="adm-card p-5 text-sm" aria-labelledby="frete-config">
      <h2 id="frete-config" className="mb-2 font-bold text-ink-900">
        Como a loja cota o frete
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="text-ink-600">Provedor</dt>
        <dd>{settings.provedor === 'melhorenvio' ? 'Melhor Envio (cotação, etiquetas e rastreio)' : 'Tabela da loja (sem etiquetas: envio manual)'}</dd>
        <dt className="text-ink-600">Serviços</dt>
        <dd>{settings.servicos.map((s) => `${s.nome} (${s.id})`).join(', ')}</dd>
        <dt className="text-ink-600">Dias de manuseio</dt>
        <dd>{settings.diasManuseio}</dd>
        <dt className="text-ink-600">Margem</dt>
        <dd>
          {settings.margemPercentual}% + {formatCents(settings.margemCentavos)}
        </dd>
        <dt className="text-ink-600">Validade da cotação</dt>
        <dd>{settings.validadeMinutos} min</dd>
        <dt className="text-ink-600">Caixa padrão</dt>
        <dd>
          {box.alturaMm} × {box.larguraMm} × {box.comprimentoMm} mm, {box.pesoG} g
        </dd>
      </dl>
      <p className="mt-2 text-ink-600">Para mudar, edite config/store.json → frete.transportadoras e reinicie a loja.</p>
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
