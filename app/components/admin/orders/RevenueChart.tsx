import { useEffect, useRef, useState } from 'react'
import { formatCents } from '../../../../contract/money'

type Point = { dia: string; cents: number; pedidos: number }

const dayLabel = (iso: string) => iso.slice(8, 10) + '/' + iso.slice(5, 7)

/**
 * Revenue per day as a bar chart (uPlot, a small kept charting library). The library is imported
 * only when this component mounts on an admin page, so no storefront bundle carries it; the table
 * under it says the same for screen readers and before the script arrives.
 */
export function RevenueChart({ series }: { series: Point[] }) {
  const box = useRef<HTMLDivElement>(null)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    const el = box.current
    if (!el) return
    let chart: { destroy(): void; setSize(s: { width: number; height: number }): void } | null = null
    let cancelled = false
    const observer = new ResizeObserver(() => chart?.setSize({ width: el.clientWidth, height: 220 }))
    import('./revenue-chart-plot')
      .then(({ plotRevenue }) => {
        if (cancelled) return
        chart = plotRevenue(el, series)
        observer.observe(el)
      })
      .catch(() => setFailed(true))
    return () => {
      cancelled = true
      observer.disconnect()
      chart?.destroy()
    }
  }, [series])
  const total = series.reduce((s, p) => s + p.cents, 0)
  return (
    <figure className="m-0">
      <div ref={box} className="h-[220px] w-full" aria-hidden="true" data-testid="grafico-receita" />
      {failed ? <p className="text-sm text-ink-500">Não foi possível desenhar o gráfico.</p> : null}
      <figcaption className="sr-only">
        Receita paga por dia nos últimos 30 dias, total {formatCents(total)}:{' '}
        {series
          .filter((p) => p.cents > 0)
          .map((p) => `${dayLabel(p.dia)} ${formatCents(p.cents)}`)
          .join('; ')}
      </figcaption>
    </figure>
  )
}
