// Which unit and API test files the PostgreSQL run of `npm test` runs (scripts/test.sh,
// docs/testing.md): every file that opens a database. `node --import tsx tests/support/database-files.ts`
// prints them, one a line.
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..')
/** The folders vitest.config.ts takes its test files from. */
const ROOTS = ['server', 'contract', 'app', 'tests/api', 'scripts']
/** The one harness that opens a test database (tests/support/db.ts). */
const HARNESS = path.join(root, 'tests/support/db.ts')
/** A file that opens a database of its own (a second process, a store instance, the template). */
const OWN_DATABASE = /\bopenDatabase\b|\bTEST_DATABASE_URL\b/

const RELATIVE_IMPORT = /(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g

function resolve(from: string, spec: string): string | undefined {
  const base = path.resolve(path.dirname(from), spec)
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((f) => /\.tsx?$/.test(f) && existsSync(f))
}

const seen = new Map<string, boolean>()

/**
 * Whether `file` opens a database: it is the harness, names one of its own, or imports (directly or
 * through other files of tests/support) the harness. Only tests/support is followed: the store's own
 * modules import server/db/client for its types, which opens nothing.
 */
function opensDatabase(file: string): boolean {
  const known = seen.get(file)
  if (known !== undefined) return known
  seen.set(file, false)
  const text = readFileSync(file, 'utf8')
  let opens = file === HARNESS || OWN_DATABASE.test(text)
  for (const [, spec] of text.matchAll(RELATIVE_IMPORT)) {
    if (opens) break
    const target = resolve(file, spec)
    if (target && (target === HARNESS || target.startsWith(path.join(root, 'tests/support/')))) opens = opensDatabase(target)
  }
  seen.set(file, opens)
  return opens
}

const isTestFile = (f: string) => /\.test\.tsx?$/.test(f) && !f.split(path.sep).includes('node_modules')

/** The test files (relative to the repository, sorted) that open a database: the PostgreSQL run. */
export function databaseTestFiles(): string[] {
  return ROOTS.flatMap((dir) =>
    readdirSync(path.join(root, dir), { recursive: true })
      .map(String)
      .filter(isTestFile)
      .map((f) => path.join(dir, f))
      .filter((f) => opensDatabase(path.join(root, f))),
  ).sort()
}

/** Whether the PostgreSQL run picks the test file at `absolute` (tests/support/db.ts checks it in every run). */
export function runsOnPostgres(absolute: string): boolean {
  return isTestFile(absolute) && opensDatabase(path.resolve(absolute))
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.join(root, 'tests/support/database-files.ts')) {
  console.log(databaseTestFiles().join('\n'))
}
