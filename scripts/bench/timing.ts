export type Percentiles = { p50: number; p95: number; p99: number }

/**
 * The benches' one timer: a few warm-up runs, then `runs` timed ones; prints p50/p95 (and p99 when
 * asked) against the target (ms) and answers the percentiles.
 */
export async function timeRuns(label: string, run: () => Promise<unknown>, target: number, runs: number, width = 48, withP99 = false): Promise<Percentiles> {
  for (let i = 0; i < 3; i++) await run()
  const ms: number[] = []
  for (let i = 0; i < runs; i++) {
    const t = performance.now()
    await run()
    ms.push(performance.now() - t)
  }
  ms.sort((a, b) => a - b)
  const p = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))]
  const at = { p50: p(0.5), p95: p(0.95), p99: p(0.99) }
  process.stdout.write(
    `${label.padEnd(width)} p50 ${at.p50.toFixed(1).padStart(7)} ms  p95 ${at.p95.toFixed(1).padStart(7)} ms${withP99 ? `  p99 ${at.p99.toFixed(1).padStart(7)} ms` : ''}  ${at.p95 <= target ? 'ok' : `ACIMA de ${target} ms`}\n`,
  )
  return at
}

/** timeRuns answering the p95 alone (the back-office benches' targets). */
export async function timeP95(label: string, run: () => Promise<unknown>, target: number, runs: number, width = 48): Promise<number> {
  return (await timeRuns(label, run, target, runs, width)).p95
}
