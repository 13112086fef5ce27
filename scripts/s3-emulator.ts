/**
 * An S3-compatible server on loopback for a local cluster (scripts/cluster.sh): s3rver with one
 * bucket, its files in the folder given. Usage: node --import tsx scripts/s3-emulator.ts PORT DIR BUCKET
 * Prints the endpoint once listening; stops on SIGINT/SIGTERM. Never for production (docs/deploy.md).
 */
import { mkdirSync } from 'node:fs'
import { startS3Emulator } from '../tests/support/s3'

const [port = '4569', directory = 'tmp/cluster/s3', bucket = 'vitrine-midia'] = process.argv.slice(2)
mkdirSync(directory, { recursive: true })
const emulator = await startS3Emulator({ port: Number(port), directory, bucket })
process.stdout.write(`S3 (emulador) em ${emulator.endpoint}, bucket ${bucket}\n`)
const stop = () => void emulator.close().finally(() => process.exit(0))
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
