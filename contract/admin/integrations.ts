import { z } from 'zod'

const webhookId = z.number({ error: 'Webhook inválido.' }).int().positive()

/**
 * /admin/integracoes — the page's intents: a key made (shown once) or revoked; a webhook registered,
 * removed, tested, its secret rotated (the new one shown once); a delivery sent again.
 */
export const integrationIntentSchema = z.discriminatedUnion('intent', [
  z.strictObject({
    intent: z.literal('criar'),
    nome: z.string({ error: 'Dê um nome à chave.' }).trim().min(1, 'Dê um nome à chave.').max(80, 'Nome longo demais (até 80 caracteres).'),
    escopos: z.array(z.string().max(40), { error: 'Escolha os escopos.' }).min(1, 'Escolha ao menos um escopo.').max(10),
  }),
  z.strictObject({ intent: z.literal('revogar'), id: z.number({ error: 'Chave inválida.' }).int().positive() }),
  z.strictObject({ intent: z.literal('reenviar'), id: z.number({ error: 'Entrega inválida.' }).int().positive() }),
  z.strictObject({
    intent: z.literal('cadastrar_webhook'),
    url: z.string({ error: 'Informe a URL do webhook.' }).trim().min(1, 'Informe a URL do webhook.').max(2000, 'URL longa demais.'),
    eventos: z.array(z.string().max(40), { error: 'Escolha os eventos.' }).min(1, 'Escolha ao menos um evento.').max(20),
  }),
  z.strictObject({ intent: z.literal('remover_webhook'), id: webhookId }),
  z.strictObject({ intent: z.literal('testar_webhook'), id: webhookId }),
  z.strictObject({ intent: z.literal('rotacionar_segredo'), id: webhookId }),
])

export const INTEGRATIONS_DONE = {
  created: 'Chave criada. Copie-a agora: ela não será mostrada de novo.',
  revoked: 'Chave revogada: chamadas com ela são recusadas a partir de agora.',
  resent: 'Entrega enviada de novo para a fila.',
  webhookCreated: 'Webhook cadastrado. Copie o segredo agora: ele não será mostrado de novo.',
  webhookRemoved: 'Webhook removido: nada mais é enviado a ele.',
  rotated: 'Segredo novo criado. Copie-o agora; por 24 horas as mensagens levam as duas assinaturas.',
} as const

const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v)

export const API_CALL_CLASSES = ['2xx', '4xx', '5xx'] as const
export const API_CALL_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const

/**
 * /admin/integracoes — the calls shown (the request log): one key's (`chave`: its id, or `sem` for
 * the calls refused before a key was known; none: every call), by status class and method, and
 * `antes` the last id a page showed.
 */
export const apiCallsQuerySchema = z.object({
  chave: z.preprocess(emptyAsUndefined, z.union([z.literal('sem'), z.coerce.number().int().positive()]).optional()),
  classe: z.preprocess(emptyAsUndefined, z.enum(API_CALL_CLASSES, { error: 'Classe de status inválida.' }).optional()),
  metodo: z.preprocess(emptyAsUndefined, z.enum(API_CALL_METHODS, { error: 'Método inválido.' }).optional()),
  antes: z.preprocess(emptyAsUndefined, z.coerce.number().int().positive().optional()),
})
export type ApiCallsQuery = z.infer<typeof apiCallsQuerySchema>
