/**
 * The back-office benches' one timer: a few warm-up runs, then `runs` timed ones; prints p50/p95
 * against the target (ms) and answers the p95.
 */
export async function timeP95(label: string, run: () => Promise<unknown>, target: number, runs: number, width = 48): Promise<number> {
  for (let i = 0; i < 3; i++) await run()
  const ms: number[] = []
  for (let i = 0; i < runs; i++) {
    const t = performance.now()
    await run()
    ms.push(performance.now() - t)
  }
  ms.sort((a, b) => a - b)
  const p = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))]
  process.stdout.write(
    `${label.padEnd(width)} p50 ${p(0.5).toFixed(1).padStart(7)} ms  p95 ${p(0.95).toFixed(1).padStart(7)} ms  ${p(0.95) <= target ? 'ok' : `ACIMA de ${target} ms`}\n`,
  )
  return p(0.95)
}
