// Sums the Vitest JSON reports of `npm test` into one closing line: "N passed, N failed".
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

const dir = process.argv[2]
let passed = 0
let failed = 0
let skipped = 0
for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
  const report = JSON.parse(readFileSync(path.join(dir, file), 'utf8'))
  passed += report.numPassedTests
  failed += report.numFailedTests
  skipped += report.numPendingTests + (report.numTodoTests ?? 0)
}
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`)
if (failed > 0 || passed === 0) process.exit(1)
