// The OpenAPI 3.1 document of /api/v1, made from the zod schemas of contract/api-v1.ts and the route
// table (routes.ts) — never written by hand — and a readable page of it (/api/v1/docs: server-made
// HTML, no script, nothing from elsewhere).
import { z } from 'zod'
import { API_V1_EVENTS, API_V1_RATE_PER_MINUTE, API_V1_SCOPES, apiErrorSchema, webhookMessageSchema } from '../../../contract/api-v1'
import { API_ROUTES, type ApiRoute } from './routes'

type Json = Record<string, unknown>

const REF = (id: string) => `#/components/schemas/${id}`

/** A schema with an id is a $ref to its component; one without is written inline. */
function schemaOf(schema: z.ZodType, io: 'input' | 'output'): Json {
  const id = z.globalRegistry.get(schema)?.id
  if (id) return { $ref: REF(id) }
  const { $schema: _s, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as Json
  return rest
}

function components(): Json {
  const all = z.toJSONSchema(z.globalRegistry, { target: 'draft-2020-12', io: 'output', unrepresentable: 'any', uri: REF }) as { schemas: Record<string, Json> }
  const ours = new Set<string>()
  for (const s of [apiErrorSchema, webhookMessageSchema, ...API_ROUTES.flatMap((r) => [r.body, r.response].filter((x): x is z.ZodType => !!x))]) {
    const id = z.globalRegistry.get(s)?.id
    if (id) ours.add(id)
  }
  // The components the routes name, and whatever those name in turn.
  const wanted = new Set<string>()
  const visit = (id: string) => {
    if (wanted.has(id) || !all.schemas[id]) return
    wanted.add(id)
    for (const m of JSON.stringify(all.schemas[id]).matchAll(/#\/components\/schemas\/(\w+)/g)) visit(m[1])
  }
  ours.forEach(visit)
  return Object.fromEntries(
    [...wanted].sort().map((id) => {
      const { $schema: _s, $id: _i, ...rest } = all.schemas[id]
      return [id, rest]
    }),
  )
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Parâmetro inválido',
  401: 'Sem chave, ou chave inválida ou revogada',
  403: 'A chave não tem o escopo desta chamada',
  404: 'Não encontrado',
  409: 'Conflito com a situação atual',
  422: 'Dados inválidos',
  429: 'Limite de chamadas da chave; veja Retry-After',
}

const errorResponse = (status: number): Json => ({
  description: STATUS_TEXT[status] ?? 'Erro',
  content: { 'application/json': { schema: { $ref: REF('Erro') } } },
  ...(status === 429 ? { headers: { 'Retry-After': { description: 'Segundos até a chave poder chamar de novo', schema: { type: 'integer' } } } } : {}),
})

function operation(route: ApiRoute): Json {
  const params = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }))
  const query = route.query
    ? Object.entries(route.query.shape).map(([name, s]) => ({
        name,
        in: 'query',
        required: !(s as z.ZodType).safeParse(undefined).success,
        schema: schemaOf(s as z.ZodType, 'input'),
      }))
    : []
  const idempotency =
    route.method === 'post'
      ? [
          {
            name: 'Idempotency-Key',
            in: 'header',
            required: route.idempotency === 'required',
            description: 'Até 255 caracteres. Repetir a chamada com a mesma chave devolve a primeira resposta sem refazer a mudança.',
            schema: { type: 'string', maxLength: 255 },
          },
        ]
      : []
  const ok: Json =
    route.status === 204
      ? { description: 'Feito' }
      : { description: 'Feito', content: { 'application/json': { schema: route.response ? schemaOf(route.response, 'output') : {} } } }
  return {
    operationId: `${route.method}${route.path.replace(/\{(\w+)\}/g, 'Por_$1').replace(/[^A-Za-z0-9_]+(\w)?/g, (_m, ch: string | undefined) => (ch ?? '').toUpperCase())}`,
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    tags: [route.tag],
    security: [{ chave: [route.scope] }],
    'x-escopo': route.scope,
    parameters: [...params, ...query, ...idempotency],
    ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: schemaOf(route.body, 'input') } } } } : {}),
    responses: {
      [String(route.status)]: ok,
      ...Object.fromEntries([...new Set([401, 403, 429, ...route.errors])].sort().map((s) => [String(s), errorResponse(s)])),
    },
  }
}

let cached: Json | null = null

export function openApiDocument(): Json {
  if (cached) return cached
  const paths: Record<string, Json> = {}
  for (const route of API_ROUTES) (paths[route.path] ??= {})[route.method] = operation(route)
  cached = {
    openapi: '3.1.0',
    info: {
      title: 'Vitrine — API de integrações',
      version: '1.0.0',
      description: `Pedidos, notas fiscais, envios, preços e estoque para ERPs e hubs de marketplaces. Autenticação: Authorization: Bearer vt_… (chave criada pelo Dono em Integrações). Erros: { "erro": { "codigo", "mensagem" } }. Limite: ${API_V1_RATE_PER_MINUTE} chamadas por minuto por chave. Webhooks seguem o Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature v1), eventos: ${API_V1_EVENTS.join(', ')}.`,
    },
    servers: [{ url: '/api/v1' }],
    tags: [{ name: 'Pedidos' }, { name: 'Produtos' }, { name: 'Webhooks' }],
    paths,
    webhooks: Object.fromEntries(
      API_V1_EVENTS.map((event) => [
        event,
        {
          post: {
            summary: `Evento ${event}`,
            requestBody: { required: true, content: { 'application/json': { schema: { $ref: REF('MensagemDeWebhook') } } } },
            responses: { '200': { description: 'Qualquer 2xx confirma a entrega; outra resposta ou nenhuma em 10 s, nova tentativa.' } },
          },
        },
      ]),
    ),
    components: {
      schemas: components(),
      securitySchemes: {
        chave: { type: 'http', scheme: 'bearer', description: `Chave vt_… com os escopos: ${API_V1_SCOPES.join(', ')}` },
      },
    },
  }
  return cached
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** The readable page: every call with its scope, parameters, body and answers, and the schemas. */
export function docsPage(): string {
  const doc = openApiDocument() as { info: { title: string; description: string }; paths: Record<string, Record<string, Json>>; components: { schemas: Json } }
  const calls = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => {
      const o = op as {
        summary: string
        description?: string
        'x-escopo': string
        parameters: Array<{ name: string; in: string; required: boolean }>
        requestBody?: Json
        responses: Json
      }
      const params = o.parameters.map((p) => `<li><code>${escape(p.name)}</code> (${p.in}${p.required ? ', obrigatório' : ''})</li>`).join('')
      const body = o.requestBody
        ? `<pre>${escape(JSON.stringify((o.requestBody as { content: Record<string, { schema: unknown }> }).content['application/json'].schema, null, 2))}</pre>`
        : ''
      return `<section><h3><code>${method.toUpperCase()} /api/v1${escape(path)}</code></h3><p>${escape(o.summary)}</p>${o.description ? `<p>${escape(o.description)}</p>` : ''}<p>Escopo: <code>${escape(o['x-escopo'])}</code>. Respostas: ${Object.keys(o.responses).join(', ')}.</p>${params ? `<ul>${params}</ul>` : ''}${body}</section>`
    }),
  )
  const schemas = Object.entries(doc.components.schemas)
    .map(([id, s]) => `<section id="${escape(id)}"><h3>${escape(id)}</h3><pre>${escape(JSON.stringify(s, null, 2))}</pre></section>`)
    .join('')
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escape(doc.info.title)}</title><style>body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1f2937}pre{background:#f3f4f6;padding:.75rem;overflow-x:auto;font-size:13px}h3 code{font-size:1rem}section{border-top:1px solid #e5e7eb;padding-top:.5rem}</style></head><body><h1>${escape(doc.info.title)}</h1><p>${escape(doc.info.description)}</p><p>O documento OpenAPI 3.1: <a href="/api/v1/openapi.json">/api/v1/openapi.json</a>.</p><h2>Chamadas</h2>${calls.join('')}<h2>Esquemas</h2>${schemas}</body></html>`
}
