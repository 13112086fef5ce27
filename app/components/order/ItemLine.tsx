import { LineThumb } from '~/components/ui/LineThumb'
import { formatBRL } from '~/lib/money'

export type ItemLineData = { titulo: string; variacao: string; imagem: string; quantidade: number; valor: number; valor_total: number; atacado?: boolean }

/** One item of a purchase as the summary and the order page list it: image, title, quantity × price, option, total. */
export function ItemLine({ item }: { item: ItemLineData }) {
  return (
    <li className="flex items-center gap-3 py-2">
      {item.imagem ? <LineThumb link={item.imagem} size={48} className="h-12 w-12 rounded-md object-contain ring-1 ring-ink-100" /> : null}
      <div className="min-w-0 flex-1 text-sm">
        <p className="line-clamp-2 font-medium text-ink-900">{item.titulo}</p>
        <p className="text-xs text-ink-500">
          {item.quantidade}× {formatBRL(item.valor)} {item.variacao && `· ${item.variacao}`} {item.atacado && '· preço de atacado'}
        </p>
      </div>
      <p className="text-sm font-semibold">{formatBRL(item.valor_total)}</p>
    </li>
  )
}
