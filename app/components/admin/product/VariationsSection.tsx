import { useState } from 'react'
import { GROUP_NAME_MAX } from '../../../../contract/admin/stock-limits'
import { formatCents } from '../../../../contract/money'
import { ConfirmDialog } from '~/components/admin/ConfirmDialog'
import { useStaffAction } from '~/lib/admin-action'
import type { SectionProps } from './sections'
import { AddValue, IconButton, moved, ValueRow, type Group, type Value } from './VariationValues'

type Removal = { kind: 'group'; group: Group } | { kind: 'value'; value: Value } | null

/**
 * Variations: option groups (Cor, Memória…) and their values, each with its own price (the
 * product's when left empty), stock and hash — as the store offers them (only active values). A
 * value in a cart or an order is deactivated instead of deleted: the store stops offering it and
 * orders keep it. Stock of each value is changed in the Estoque section (with its ledger).
 */
export function VariationsSection({ data, canWrite }: SectionProps<'variations'>) {
  const [removal, setRemoval] = useState<Removal>(null)
  const [newGroup, setNewGroup] = useState('')
  const creating = useStaffAction({ onDone: () => setNewGroup('') })
  const removing = useStaffAction({ onDone: () => setRemoval(null) })
  const ordering = useStaffAction()

  function addGroup(e: React.FormEvent) {
    e.preventDefault()
    creating.submit('grupo-criar', { nome: newGroup })
  }

  function confirmRemoval() {
    if (removal?.kind === 'group') removing.submit('grupo-remover', { grupo: removal.group.id })
    else if (removal?.kind === 'value') removing.submit('valor-remover', { valor: removal.value.id })
  }

  const groupIds = data.groups.map((g) => g.id)
  const order = (from: number, step: -1 | 1) => () => ordering.submit('grupos-ordem', { ordem: moved(groupIds, from, step) })
  return (
    <section aria-labelledby="sec-variacoes" className="adm-card p-4 sm:p-5" data-testid="variations-section">
      <h2 id="sec-variacoes" className="font-bold text-ink-900">
        Variações
      </h2>
      <p className="mt-1 mb-3 text-sm text-ink-500">
        Grupos como Cor ou Memória, cada valor com seu preço e estoque. Sem preço, o valor usa o do produto ({formatCents(data.priceCents)}) e o acompanha
        quando ele muda; o produto aparece na loja pelo menor valor ativo.
      </p>
      {data.groups.length === 0 ? <p className="mb-3 text-sm text-ink-700">Este produto não tem variações: é vendido pelo próprio estoque.</p> : null}
      <div className="flex flex-col gap-4">
        {data.groups.map((g, gi) => (
          <GroupCard
            key={g.id}
            group={g}
            canWrite={canWrite}
            onRemove={() => setRemoval({ kind: 'group', group: g })}
            onRemoveValue={(value) => setRemoval({ kind: 'value', value })}
            move={
              canWrite && data.groups.length > 1
                ? { up: gi > 0 ? order(gi, -1) : null, down: gi < groupIds.length - 1 ? order(gi, 1) : null, busy: ordering.busy }
                : null
            }
          />
        ))}
      </div>
      {canWrite ? (
        <form onSubmit={addGroup} className="mt-4 flex flex-wrap items-end gap-2">
          <div className="grow sm:grow-0">
            <label htmlFor="novo-grupo" className="adm-label">
              Novo grupo
            </label>
            <input
              id="novo-grupo"
              value={newGroup}
              onChange={(e) => setNewGroup(e.target.value)}
              maxLength={GROUP_NAME_MAX}
              placeholder="ex.: Cor, Memória"
              className="adm-input sm:w-64"
            />
          </div>
          <button type="submit" className="adm-btn-ghost" disabled={creating.busy || !newGroup.trim()}>
            Criar grupo
          </button>
        </form>
      ) : null}
      <ConfirmDialog
        open={removal !== null}
        title={removal?.kind === 'group' ? `Remover o grupo “${removal.group.nome}”?` : `Remover “${removal?.kind === 'value' ? removal.value.nome : ''}”?`}
        confirmLabel="Remover"
        danger
        busy={removing.busy}
        onConfirm={confirmRemoval}
        onClose={() => setRemoval(null)}
      >
        {removal?.kind === 'group' ? (
          removal.group.options.some((o) => o.inUse) ? (
            <p>
              Alguns valores estão em carrinhos ou pedidos: eles serão desativados (a loja deixa de oferecê-los; pedidos os mantêm). Os demais serão excluídos.
            </p>
          ) : (
            <p>O grupo e seus {removal.group.options.length} valores serão excluídos.</p>
          )
        ) : removal?.kind === 'value' && removal.value.inUse ? (
          <p>Este valor está em carrinhos ou pedidos: será desativado em vez de excluído. A loja deixa de oferecê-lo; pedidos e carrinhos o mantêm.</p>
        ) : (
          <p>O valor será excluído.</p>
        )}
      </ConfirmDialog>
    </section>
  )
}

function GroupCard({
  group,
  canWrite,
  onRemove,
  onRemoveValue,
  move,
}: {
  group: Group
  canWrite: boolean
  onRemove: () => void
  onRemoveValue: (v: Value) => void
  move: { up: (() => void) | null; down: (() => void) | null; busy: boolean } | null
}) {
  const [renaming, setRenaming] = useState<string | null>(null)
  const rename = useStaffAction({ onDone: () => setRenaming(null) })
  const ordering = useStaffAction()
  const busy = rename.busy || ordering.busy || Boolean(move?.busy)
  const ids = group.options.map((o) => o.id)
  const offered = group.options.filter((o) => o.active).length
  const order = (from: number, step: -1 | 1) => () => ordering.submit('valores-ordem', { grupo: group.id, ordem: moved(ids, from, step) })

  function submitRename(e: React.FormEvent) {
    e.preventDefault()
    if (renaming !== null) rename.submit('grupo-renomear', { grupo: group.id, nome: renaming })
  }

  return (
    <div className="rounded-lg border border-ink-100" data-testid={`variation-group-${group.id}`}>
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-ink-100 bg-ink-50 px-3 py-2">
        {renaming !== null ? (
          <form onSubmit={submitRename} className="flex flex-wrap items-center gap-2">
            <label htmlFor={`grupo-nome-${group.id}`} className="sr-only">
              Nome do grupo
            </label>
            <input
              id={`grupo-nome-${group.id}`}
              value={renaming}
              onChange={(e) => setRenaming(e.target.value)}
              maxLength={GROUP_NAME_MAX}
              className="adm-input w-48 py-1"
              autoFocus
            />
            <button type="submit" className="adm-btn py-1" disabled={busy || !renaming.trim()}>
              Salvar
            </button>
            <button type="button" className="adm-btn-ghost py-1" onClick={() => setRenaming(null)}>
              Cancelar
            </button>
          </form>
        ) : (
          <h3 className="font-semibold text-ink-900">
            {group.nome}{' '}
            <span className="text-xs font-normal text-ink-500">
              {offered} {offered === 1 ? 'valor oferecido' : 'valores oferecidos'}
            </span>
          </h3>
        )}
        {canWrite && renaming === null ? (
          <div className="flex flex-wrap gap-1">
            {move ? (
              <>
                <IconButton label={`Mover o grupo ${group.nome} para cima`} disabled={busy || !move.up} onClick={() => move.up?.()}>
                  ↑
                </IconButton>
                <IconButton label={`Mover o grupo ${group.nome} para baixo`} disabled={busy || !move.down} onClick={() => move.down?.()}>
                  ↓
                </IconButton>
              </>
            ) : null}
            <button type="button" className="adm-btn-ghost px-2 py-1" onClick={() => setRenaming(group.nome)} disabled={busy}>
              Renomear
            </button>
            <button type="button" className="adm-btn-ghost px-2 py-1 text-danger-600" onClick={onRemove} disabled={busy}>
              Remover grupo
            </button>
          </div>
        ) : null}
      </div>
      {group.options.length === 0 ? (
        <p className="px-3 py-2 text-sm text-ink-500">Sem valores: o grupo não aparece na loja até ter um.</p>
      ) : (
        <ul className="divide-y divide-ink-100">
          {group.options.map((v, i) => (
            <ValueRow
              key={v.id}
              value={v}
              canWrite={canWrite}
              busy={busy}
              onRemove={() => onRemoveValue(v)}
              up={i > 0 ? order(i, -1) : null}
              down={i < ids.length - 1 ? order(i, 1) : null}
            />
          ))}
        </ul>
      )}
      {canWrite ? <AddValue group={group} /> : null}
    </div>
  )
}
