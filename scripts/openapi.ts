// Generates docs/api/openapi.json (OpenAPI 3.1) from the call registry in contract/endpoints.ts.
// Run: node --import tsx scripts/openapi.ts   (a contract test fails when the committed file is stale)
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { z } from 'zod'
import { enderecoSchema } from '../contract/address'
import { cartItemSchema } from '../contract/cart'
import { productCardSchema, variacaoSchema } from '../contract/catalog'
import { erroSchema, naoImplementadoSchema } from '../contract/common'
import { endpoints, isMediaEndpoint, type Endpoint, type EndpointTag } from '../contract/endpoints'

export const OPENAPI_FILE = fileURLToPath(new URL('../docs/api/openapi.json', import.meta.url))

type JsonObject = { [key: string]: unknown }

const TAGS: Record<EndpointTag, string> = {
  menu: 'Menu, rodapé e newsletter',
  catalogo: 'Início, busca, produto e listagens',
  carrinho: 'Carrinho',
  autenticacao: 'Login em dois passos',
  conta: 'Cadastro, recuperação de senha e Minha Conta',
  endereco: 'Endereços por CEP',
  checkout: 'Checkout',
  'pos-venda': 'Pós-venda: avaliações, fale conosco, cancelamento e devolução',
  midia: 'Imagens e vídeos (respostas binárias)',
}

/** Sub-schemas shared by several answers, emitted once under components/schemas. */
const SHARED: ReadonlyArray<readonly [z.ZodType, string]> = [
  [erroSchema, 'Erro'],
  [naoImplementadoSchema, 'NaoImplementado'],
  [productCardSchema, 'ProductCard'],
  [variacaoSchema, 'Variacao'],
  [cartItemSchema, 'CartItem'],
  [enderecoSchema, 'Endereco'],
]

const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1)
const componentRef = (id: string) => ({ $ref: `#/components/schemas/${id}` })

function stripMeta(schema: JsonObject): JsonObject {
  const { $schema: _schema, $id: _id, ...rest } = schema
  return rest
}

/** One query or path parameter's schema, as the value the server ends up with. */
function parameterSchema(schema: z.ZodType): JsonObject {
  return stripMeta(z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as JsonObject)
}

type Parameter = { name: string; in: 'path' | 'query'; required: boolean; description?: string; schema: JsonObject }

function parameters(endpoint: Endpoint): Parameter[] {
  const list: Parameter[] = []
  for (const [place, object] of [
    ['path', endpoint.params],
    ['query', endpoint.query],
  ] as const) {
    if (!object) continue
    for (const [name, field] of Object.entries(object.shape as Record<string, z.ZodType>)) {
      const schema = parameterSchema(field)
      const { description, ...rest } = schema
      list.push({
        name,
        in: place,
        // A query parameter is optional when the schema copes with its absence (defaults, fallbacks).
        required: place === 'path' || !field.safeParse(undefined).success,
        ...(typeof description === 'string' ? { description } : {}),
        schema: rest,
      })
    }
  }
  return list
}

/** Calls sharing a method and path (the four inicio blocos) become one operation. */
function mergeParameters(groups: Parameter[][]): Parameter[] {
  const merged = new Map<string, Parameter>()
  for (const parameter of groups.flat()) {
    const key = `${parameter.in}:${parameter.name}`
    const seen = merged.get(key)
    if (!seen) {
      merged.set(key, parameter)
      continue
    }
    const values = (p: Parameter): unknown[] => ('const' in p.schema ? [p.schema.const] : Array.isArray(p.schema.enum) ? p.schema.enum : [])
    const all = [...new Set([...values(seen), ...values(parameter)])]
    if (all.length) {
      const { const: _const, ...rest } = seen.schema
      merged.set(key, { ...seen, schema: { ...rest, enum: all } })
    }
  }
  return [...merged.values()]
}

function commonPrefix(names: string[]): string {
  let prefix = names[0]
  for (const name of names) while (!name.startsWith(prefix)) prefix = prefix.slice(0, -1)
  return prefix || names.join('_')
}

export function buildOpenApi(): JsonObject {
  const registry = z.registry<{ id: string }>()
  const idOf = (schema: z.ZodType, id: string): string => {
    const existing = registry.get(schema)
    if (existing) return existing.id
    registry.add(schema, { id })
    return id
  }
  for (const [schema, id] of SHARED) idOf(schema, id)

  const groups = new Map<string, Array<[string, Endpoint]>>()
  for (const [name, endpoint] of Object.entries(endpoints) as Array<[string, Endpoint]>) {
    const key = `${endpoint.path} ${endpoint.method}`
    groups.set(key, [...(groups.get(key) ?? []), [name, endpoint]])
  }

  const paths: Record<string, Record<string, JsonObject>> = {}
  for (const group of groups.values()) {
    const [, first] = group[0]
    const names = group.map(([name]) => name)
    const operation: JsonObject = {
      operationId: commonPrefix(names),
      tags: [first.tag],
      summary: group.length === 1 ? first.summary : group.map(([, e]) => e.summary).join(' | '),
      'x-implemented': group.every(([, e]) => e.implemented),
    }
    const params = mergeParameters(group.map(([, e]) => parameters(e)))
    if (params.length) operation.parameters = params

    if (isMediaEndpoint(first)) {
      const content = Object.fromEntries(first.media.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }]))
      operation.responses = {
        '200': { description: 'O arquivo.', content },
        ...(first.path.startsWith('/video/') ? { '206': { description: 'Parte do arquivo (cabeçalho Range).', content } } : {}),
        '404': { description: 'Arquivo inexistente (imagens respondem com um marcador SVG, ou Erro em JSON se pedido).' },
      }
    } else {
      const requests = group.flatMap(([name, e]) => ('request' in e && e.request ? [idOf(e.request, `${pascal(name)}Request`)] : []))
      if (requests.length) {
        operation.requestBody = { required: true, content: { 'application/json': { schema: componentRef(requests[0]) } } }
      }
      const responses = group.flatMap(([name, e]) => (e.response ? [idOf(e.response, `${pascal(name)}Response`)] : []))
      const schema = responses.length === 1 ? componentRef(responses[0]) : { anyOf: responses.map(componentRef) }
      operation.responses = {
        '200': { description: 'Resposta da chamada (inclui as falhas que a chamada devolve no corpo).', content: { 'application/json': { schema } } },
        '4XX': {
          description: 'Entrada inválida ou recusada: {estado:"erro", msg} com a mensagem em português.',
          content: { 'application/json': { schema: componentRef('Erro') } },
        },
        ...(first.implemented
          ? {}
          : {
              '501': {
                description: 'Recurso ainda não disponível na loja.',
                content: { 'application/json': { schema: componentRef('NaoImplementado') } },
              },
            }),
      }
    }
    paths[first.path] = { ...paths[first.path], [first.method.toLowerCase()]: operation }
  }

  const generated = z.toJSONSchema(registry, { io: 'input', uri: (id) => `#/components/schemas/${id}` })
  const schemas = Object.fromEntries(Object.entries(generated.schemas).map(([id, schema]) => [id, stripMeta(schema as JsonObject)]))
  const version = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version

  return {
    openapi: '3.1.0',
    info: {
      title: 'Vitrine — API da loja',
      version,
      description:
        'Chamadas que a vitrine faz (especificação §7), com os nomes de campos como a especificação os escreve. ' +
        'Gerado de contract/endpoints.ts por scripts/openapi.ts; não edite à mão. ' +
        'x-implemented=false: a chamada responde 501 até a funcionalidade chegar.',
    },
    servers: [{ url: '/' }],
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    paths,
    components: { schemas },
  }
}

export function renderOpenApi(): string {
  return `${JSON.stringify(buildOpenApi(), null, 2)}\n`
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  writeFileSync(OPENAPI_FILE, renderOpenApi())
  console.log(`OpenAPI escrito em ${OPENAPI_FILE}`)
}
