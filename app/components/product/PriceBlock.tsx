import type { Atacado } from '../../../contract/catalog'
import type { PromocaoOferta } from '../../../contract/promotions'
import { formatBRL } from '~/lib/money'
import type { PriceView } from './purchase'

/**
 * List price, Pix price, card instalments, the wholesale offer and, from atacado.min pieces, the
 * wholesale unit price in their place; with more than one piece, the total. With promotions running
 * on the product, a line names the one taken off ("de … por …"), or from how many units one applies:
 * the line is there whatever the quantity, so changing it moves nothing.
 */
export function PriceBlock({
  price,
  atacado,
  qty,
  pixDesconto,
  valorDe,
  promocoes,
}: {
  price: PriceView
  atacado: Atacado
  qty: number
  pixDesconto: number
  valorDe?: number
  promocoes?: readonly PromocaoOferta[]
}) {
  // The "de" price, struck through, while it is above what this choice costs (the list price under a promotion).
  const struck = price.promotion ? Math.max(valorDe ?? 0, price.promotion.before) : valorDe
  const compareAt = struck != null && !price.wholesale && struck > price.unit ? struck : null
  return (
    <div className="space-y-1.5" data-testid="price-block">
      {promocoes?.length ? (
        <p className="truncate text-sm font-semibold text-green-700" data-testid="promotion-name">
          {price.promotion ? price.promotion.nome : `${promocoes[0].nome} (a partir de ${promocoes[0].minimo} unidades)`}
        </p>
      ) : null}
      <p className="text-sm text-ink-500">
        {compareAt != null ? (
          <>
            <span className="sr-only">De </span>
            <s className="mr-1.5" data-testid="compare-at-price">
              {formatBRL(compareAt)}
            </s>
            <span className="sr-only">por </span>
          </>
        ) : null}
        {price.fromPrice ? 'A partir de ' : null}
        {price.wholesale ? (
          <>
            <s className="mr-1.5">{formatBRL(price.valor)}</s>
            <span className="font-semibold text-brand-700" data-testid="unit-price" data-valor={price.unit}>
              {formatBRL(price.unit)} cada no atacado
            </span>
          </>
        ) : (
          <span data-testid="unit-price" data-valor={price.unit}>
            {formatBRL(price.unit)}
          </span>
        )}
      </p>
      <p className="flex flex-wrap items-baseline gap-x-2">
        <span className="text-[2rem] leading-none font-extrabold tracking-tight text-pix-600" data-testid="pix-price">
          {formatBRL(price.valorPix)}
        </span>
        <span className="text-sm font-semibold text-pix-600">à vista no Pix</span>
        {pixDesconto > 0 ? (
          <span className="rounded bg-pix-50 px-1.5 py-0.5 text-xs font-bold text-pix-600 ring-1 ring-pix-600/20 empty:hidden">{`${pixDesconto}% OFF`}</span>
        ) : null}
      </p>
      <p className="text-sm text-ink-700">
        {price.parcelas.qtd > 1 ? (
          <>
            ou <strong className="font-semibold">{formatBRL(price.unit)}</strong> em até{' '}
            <strong className="font-semibold">
              {price.parcelas.qtd}x de {formatBRL(price.parcelas.valor)}
            </strong>{' '}
            sem juros no cartão
          </>
        ) : (
          <>
            ou <strong className="font-semibold">{formatBRL(price.unit)}</strong> no cartão
          </>
        )}
      </p>
      {atacado !== 0 ? (
        <p
          className={`mt-2 flex items-center gap-2 rounded-lg px-3 py-2 text-sm ${
            price.wholesale ? 'bg-brand-700 text-white' : 'bg-brand-50 text-brand-800 ring-1 ring-brand-100'
          }`}
          data-testid="wholesale-offer"
        >
          <span className={`rounded px-1.5 py-0.5 text-[11px] font-bold uppercase ${price.wholesale ? 'bg-white/15' : 'bg-brand-700 text-white'}`}>
            Atacado
          </span>
          <span>
            A partir de {atacado.min} unidades: <strong>{formatBRL(atacado.valor)}</strong> cada
            {price.wholesale ? ' — aplicado!' : null}
          </span>
        </p>
      ) : null}
      {qty > 1 ? (
        <p className="text-sm text-ink-700" data-testid="price-total">
          Total ({qty} unidades): <strong className="text-pix-600">{formatBRL(price.totalPix)}</strong> no Pix ou <strong>{formatBRL(price.total)}</strong> no
          cartão
        </p>
      ) : null}
    </div>
  )
}
