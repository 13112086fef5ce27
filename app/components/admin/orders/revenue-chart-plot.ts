// Loaded on demand by RevenueChart.tsx: uPlot and its stylesheet stay out of every other bundle.
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import { formatCents } from '../../../../contract/money'

const short = new Intl.NumberFormat('pt-BR', { notation: 'compact', maximumFractionDigits: 1 })

export function plotRevenue(el: HTMLElement, series: { dia: string; cents: number }[]): uPlot {
  const xs = series.map((p) => Date.parse(`${p.dia}T12:00:00-03:00`) / 1000)
  const ys = series.map((p) => p.cents / 100)
  const bars = uPlot.paths.bars!({ size: [0.7, 40] })
  return new uPlot(
    {
      width: el.clientWidth,
      height: 220,
      legend: { show: false },
      cursor: { points: { show: false } },
      scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(max * 1.1, 1)] } },
      axes: [
        {
          stroke: '#5d6375',
          grid: { show: false },
          values: (_u, ticks) =>
            ticks.map((t) => new Date(t * 1000).toLocaleDateString('pt-BR', { day: '2-digit', month: '2-digit', timeZone: 'America/Sao_Paulo' })),
        },
        { stroke: '#5d6375', grid: { stroke: '#eceef3' }, size: 76, values: (_u, ticks) => ticks.map((t) => `R$ ${short.format(t)}`) },
      ],
      series: [
        {},
        {
          label: 'Receita',
          stroke: '#1f4cc7',
          fill: '#2f5fe0cc',
          paths: bars,
          points: { show: false },
          value: (_u, v) => formatCents(v == null ? null : Math.round(v * 100)),
        },
      ],
    },
    [xs, ys],
    el,
  )
}
