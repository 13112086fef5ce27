import { z } from 'zod'

/** /admin/integracoes — the page's intents: a key made (shown once), a key revoked, a delivery sent again. */
export const integrationIntentSchema = z.discriminatedUnion('intent', [
  z.strictObject({
    intent: z.literal('criar'),
    nome: z.string({ error: 'Dê um nome à chave.' }).trim().min(1, 'Dê um nome à chave.').max(80, 'Nome longo demais (até 80 caracteres).'),
    escopos: z.array(z.string().max(40), { error: 'Escolha os escopos.' }).min(1, 'Escolha ao menos um escopo.').max(10),
  }),
  z.strictObject({ intent: z.literal('revogar'), id: z.number({ error: 'Chave inválida.' }).int().positive() }),
  z.strictObject({ intent: z.literal('reenviar'), id: z.number({ error: 'Entrega inválida.' }).int().positive() }),
])

export const INTEGRATIONS_DONE = {
  created: 'Chave criada. Copie-a agora: ela não será mostrada de novo.',
  revoked: 'Chave revogada: chamadas com ela são recusadas a partir de agora.',
  resent: 'Entrega enviada de novo para a fila.',
} as const
