/**
 * npm run midia -- enviar-para-s3   copies DATA_DIR/media (product images, uploads, videos, slides)
 *                                   into the bucket of MEDIA_STORAGE=s3, under the same names;
 *                                   again, it sends only what is not there yet
 * The step from one machine to several (docs/deploy.md): run it once with the S3_* settings of the
 * store, then start the instances with MEDIA_STORAGE=s3. Resized variants are not copied: each is
 * rendered again from its original the first time it is asked for.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import { loadEnv } from '../server/env'
import { mediaStorageOf } from '../server/integrations/storage'
import { copyFolder } from '../server/integrations/storage/copy'

const [command] = process.argv.slice(2)
if (command !== 'enviar-para-s3') {
  process.stderr.write('Uso: npm run midia -- enviar-para-s3\n')
  process.exit(2)
}
const env = loadEnv()
if (env.MEDIA_STORAGE !== 's3') {
  process.stderr.write('Defina MEDIA_STORAGE=s3 e as variáveis S3_* do bucket de destino (veja docs/deploy.md).\n')
  process.exit(2)
}
const dir = path.join(env.dataDir, 'media')
if (!existsSync(dir)) {
  process.stderr.write(`Nada a enviar: ${dir} não existe.\n`)
  process.exit(1)
}
const started = Date.now()
const tally = await copyFolder(dir, mediaStorageOf(env).originals, (key, sent) => {
  if (sent) process.stdout.write(`enviado ${key}\n`)
})
const seconds = ((Date.now() - started) / 1000).toFixed(1)
process.stdout.write(`${tally.sent} arquivo(s) enviado(s), ${tally.kept} já estavam no bucket (${env.S3_BUCKET}), em ${seconds} s.\n`)
