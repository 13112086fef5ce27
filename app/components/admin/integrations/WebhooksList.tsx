import { useState } from 'react'
import { useStaffAction } from '~/lib/admin-action'
import type { DeliveryView, WebhookView } from '../../../../server/domain/integrations/webhooks'
import { ConfirmDialog } from '../ConfirmDialog'
import { formatDateTime } from '../format'
import { SecretOnce } from './SecretOnce'

export type WebhookRow = WebhookView & { entregas: DeliveryView[] }

type Tested = { ok: true; entregue: boolean; status: number | null; duracaoMs: number; erro: string | null }
type Rotated = { ok: true; segredo: string; msg?: string }
type Refused = { ok: false; code: string; msg: string }

const SITUACAO: Record<DeliveryView['situacao'], string> = { pendente: 'Pendente', entregue: 'Entregue', falhou: 'Falhou' }

const testLine = (t: Tested) =>
  t.entregue
    ? `Teste entregue: HTTP ${t.status} em ${t.duracaoMs} ms.`
    : `Teste não entregue${t.status != null ? `: HTTP ${t.status}` : ''}${t.erro ? ` — ${t.erro}` : ''} (${t.duracaoMs} ms).`

/**
 * The registered webhooks, each with its events, state and latest deliveries, and its actions:
 * "Enviar teste" (a signed webhook.teste now, its answer shown here), "Trocar segredo" (the new one
 * shown once; both sign for 24 h) and "Remover", the last two behind a confirmation.
 */
export function WebhooksList({ rows }: { rows: WebhookRow[] }) {
  const [tested, setTested] = useState<{ id: number; line: string; ok: boolean } | null>(null)
  const [rotated, setRotated] = useState<{ id: number; segredo: string } | null>(null)
  const [asked, setAsked] = useState<{ kind: 'rotacionar_segredo' | 'remover_webhook'; row: WebhookRow } | null>(null)
  const testar = useStaffAction<Tested | Refused>({
    key: 'testar_webhook',
    onDone: (a) => setTested((t) => (t ? { id: t.id, line: testLine(a), ok: a.entregue } : t)),
  })
  const rotacionar = useStaffAction<Rotated | Refused>({
    key: 'rotacionar_segredo',
    onDone: (a) => setRotated((r) => (r ? { id: r.id, segredo: a.segredo } : r)),
  })
  const remover = useStaffAction({ key: 'remover_webhook' })
  if (!rows.length) return <p className="text-sm text-ink-500">Nenhum webhook cadastrado: cadastre um abaixo, ou pelo ERP com POST /api/v1/webhooks.</p>
  return (
    <>
      <ul className="grid gap-3">
        {rows.map((w) => (
          <li key={w.id} className="adm-card grid gap-3 p-4 text-sm" aria-label={`Webhook ${w.url}`}>
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="font-medium break-all text-ink-900">{w.url}</p>
                <p className="text-xs text-ink-500">
                  {w.ativo ? 'Ativo' : `Desativado${w.desativadoEm ? ` em ${formatDateTime(w.desativadoEm)}` : ''}`}
                  {w.falhandoDesde ? ` · falhando desde ${formatDateTime(w.falhandoDesde)}` : ''} · desde {formatDateTime(w.criadoEm)}
                </p>
                <p className="mt-1 text-xs break-words">{w.eventos.join(', ')}</p>
                {w.segredoAnteriorAte ? (
                  <p className="mt-1 text-xs text-ink-700">Segredo trocado: o anterior também assina até {formatDateTime(w.segredoAnteriorAte)}.</p>
                ) : null}
              </div>
              <div className="flex flex-wrap gap-2">
                <button
                  type="button"
                  className="adm-btn-ghost"
                  disabled={testar.busy}
                  onClick={() => {
                    setTested({ id: w.id, line: '', ok: false })
                    testar.submit('testar_webhook', { id: w.id })
                  }}
                >
                  Enviar teste
                </button>
                <button type="button" className="adm-btn-ghost" disabled={rotacionar.busy} onClick={() => setAsked({ kind: 'rotacionar_segredo', row: w })}>
                  Trocar segredo
                </button>
                <button type="button" className="adm-btn-ghost" disabled={remover.busy} onClick={() => setAsked({ kind: 'remover_webhook', row: w })}>
                  Remover
                </button>
              </div>
            </div>
            {tested?.id === w.id && tested.line ? (
              <p role="status" className={tested.ok ? 'text-xs text-ink-900' : 'text-xs text-danger-600'}>
                {tested.line}
              </p>
            ) : null}
            {rotated?.id === w.id && rotated.segredo ? (
              <SecretOnce
                value={rotated.segredo}
                label="Copie o segredo novo agora: ele não será mostrado de novo. Por 24 horas as mensagens levam as duas assinaturas."
                testId="segredo-rotacionado"
              />
            ) : null}
            <div>
              <p className="adm-label">Entregas recentes</p>
              {w.entregas.length ? (
                <ul className="grid gap-1 text-xs">
                  {w.entregas.map((d) => (
                    <li key={d.id} className="flex flex-wrap gap-x-2">
                      <span className="whitespace-nowrap text-ink-500">{formatDateTime(d.criadaEm)}</span>
                      <span className="font-medium">{d.evento}</span>
                      <span>
                        {SITUACAO[d.situacao]}
                        {d.status != null ? ` · HTTP ${d.status}` : ''}
                        {d.tentativas > 1 ? ` · ${d.tentativas} tentativas` : ''}
                      </span>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-xs text-ink-500">Nenhuma entrega ainda.</p>
              )}
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={asked !== null}
        title={asked?.kind === 'remover_webhook' ? 'Remover este webhook?' : 'Trocar o segredo deste webhook?'}
        confirmLabel={asked?.kind === 'remover_webhook' ? 'Remover' : 'Trocar segredo'}
        danger={asked?.kind === 'remover_webhook'}
        busy={remover.busy || rotacionar.busy}
        onConfirm={() => {
          if (asked?.kind === 'remover_webhook') remover.submit('remover_webhook', { id: asked.row.id })
          else if (asked) {
            setRotated({ id: asked.row.id, segredo: '' })
            rotacionar.submit('rotacionar_segredo', { id: asked.row.id })
          }
          setAsked(null)
        }}
        onClose={() => setAsked(null)}
      >
        {asked?.kind === 'remover_webhook' ? (
          <p>{asked.row.url} deixa de receber mensagens na hora. As entregas já feitas continuam listadas.</p>
        ) : (
          <p>Um segredo novo é criado e mostrado uma vez. Por 24 horas as mensagens saem assinadas com o novo e com o atual; depois, só com o novo.</p>
        )}
      </ConfirmDialog>
    </>
  )
}
