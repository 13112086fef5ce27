import { useEffect, useRef, useState } from 'react'
import { CATALOG_IMPORT_BATCH, type ImportView } from '../../../contract/admin/catalog-columns'
import { importIntentSchema } from '../../../contract/admin/catalog-import'
import { CATALOG_IMPORT_DONE } from '../../../contract/messages/catalog-import'
import { unfinishedImport } from '../../../server/domain/catalog/import/analyse'
import { applyImportBatch, cancelImport } from '../../../server/domain/catalog/import/apply'
import { isRefusal } from '../../../server/domain/refusal'
import { ConfirmDialog } from '~/components/admin/ConfirmDialog'
import { ImportReport, isOpen } from '~/components/admin/import/ImportReport'
import { ColumnsHelp } from '~/components/admin/import/ImportTables'
import { UploadForm } from '~/components/admin/import/UploadForm'
import { BackLink } from '~/components/admin/PageBits'
import { PageHeader } from '~/components/admin/PageHeader'
import { useStaffAction, type ActionAnswer } from '~/lib/admin-action'
import { answer, requireStaffPage, staffAction } from '~/lib/admin.server'
import { formatCount } from '~/lib/money'
import type { Route } from './+types/produtos-importar'

/**
 * /admin/produtos/importar — a catalog spreadsheet: sent, analysed (the dry run: new, changed,
 * unchanged, each bad line with its reason), applied on confirmation a batch at a time with a
 * progress bar; an import left unfinished (a closed tab, a restart) is offered to go on.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, 'catalog:write')
  return { atual: await unfinishedImport(context.db) }
}

/** One batch applied ("Aplicar", "Continuar": the page sends the next while any is left), or the import cancelled. */
export async function action({ context, request }: Route.ActionArgs) {
  const { staff, input } = await staffAction(context, request, importIntentSchema, 'catalog:write')
  const done =
    input.intent === 'aplicar'
      ? await applyImportBatch(context.db, { id: input.id, actor: staff.actor })
      : await cancelImport(context.db, { id: input.id, actor: staff.actor })
  if (isRefusal(done)) return answer(done)
  const msg = input.intent === 'cancelar' ? CATALOG_IMPORT_DONE.cancelled : done.situacao === 'concluida' ? CATALOG_IMPORT_DONE.finished : undefined
  return answer({ importacao: done }, msg)
}

export const meta: Route.MetaFunction = () => [{ title: 'Importar produtos | Painel Vitrine' }, { name: 'robots', content: 'noindex, nofollow' }]

type Step = ActionAnswer & { importacao?: ImportView }

export default function ImportarProdutos({ loaderData }: Route.ComponentProps) {
  const [view, setView] = useState<ImportView | null>(loaderData.atual)
  const [confirm, setConfirm] = useState<'aplicar' | 'cancelar' | null>(null)
  // Applying spans one submission per batch: on from the first until the last, a pause or a refusal.
  const [applying, setApplying] = useState(false)
  const paused = useRef(false)
  const step = useStaffAction<Step>({
    key: 'importacao',
    onDone: ({ importacao }) => {
      if (!importacao) return
      setView(importacao)
      if (!paused.current && isOpen(importacao)) step.submit('aplicar', { id: importacao.id })
      else setApplying(false)
    },
  })
  const stop = useStaffAction<Step>({ key: 'cancelar', onDone: () => setView(null) })
  useEffect(() => {
    if (step.answer && !step.answer.ok) setApplying(false)
  }, [step.answer])

  function aplicar() {
    if (!view) return
    setConfirm(null)
    paused.current = false
    setApplying(true)
    step.submit('aplicar', { id: view.id })
  }

  function cancelar() {
    if (!view) return
    paused.current = true
    setConfirm(null)
    stop.submit('cancelar', { id: view.id })
  }

  const r = view?.relatorio
  return (
    <>
      <BackLink to="/admin/produtos" label="Produtos" />
      <PageHeader
        title="Importar produtos"
        description="Envie uma planilha CSV, confira o resultado da análise e só então aplique."
        actions={
          <>
            <a href="/admin/api/catalogo-modelo.csv" className="adm-btn-ghost" download>
              Baixar modelo
            </a>
            <a href="/admin/api/catalogo.csv" className="adm-btn-ghost" download>
              Exportar catálogo
            </a>
          </>
        }
      />
      {!view || !isOpen(view) ? <UploadForm onAnalysed={setView} /> : null}
      {view ? (
        <ImportReport
          view={view}
          applying={applying}
          onApply={() => (view.situacao === 'aplicando' ? aplicar() : setConfirm('aplicar'))}
          onPause={() => (paused.current = true)}
          onCancel={() => setConfirm('cancelar')}
          onReset={() => setView(null)}
        />
      ) : null}
      <ColumnsHelp />

      <ConfirmDialog open={confirm === 'aplicar'} title="Aplicar a importação?" confirmLabel="Aplicar" onConfirm={aplicar} onClose={() => setConfirm(null)}>
        {r ? (
          <p>
            {formatCount(r.novos)} {r.novos === 1 ? 'produto novo será criado' : 'produtos novos serão criados'} e {formatCount(r.alterados)}{' '}
            {r.alterados === 1 ? 'alterado' : 'alterados'}, em lotes de {CATALOG_IMPORT_BATCH}.{r.linhasComErro ? ' As linhas com erro ficam de fora.' : ''}{' '}
            Mantenha a página aberta; se ela fechar, volte aqui e continue.
          </p>
        ) : null}
      </ConfirmDialog>
      <ConfirmDialog
        open={confirm === 'cancelar'}
        title="Cancelar a importação?"
        confirmLabel="Cancelar importação"
        danger
        busy={stop.busy}
        onConfirm={cancelar}
        onClose={() => setConfirm(null)}
      >
        <p>O que já foi aplicado continua na loja; o restante do arquivo não será aplicado.</p>
      </ConfirmDialog>
    </>
  )
}
