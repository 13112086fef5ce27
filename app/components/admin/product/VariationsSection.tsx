import { useState } from 'react'
import { GROUP_NAME_MAX, VALUE_NAME_MAX } from '../../../../contract/admin/stock-messages'
import { ConfirmDialog } from '~/components/admin/ConfirmDialog'
import { adminCall } from '~/lib/admin-api'
import { formatBRL } from '~/lib/money'
import { toast } from '~/lib/toast'
import { parsePrice, parseUnits, priceText } from './inputs'
import type { SectionProps } from './sections'

type Data = SectionProps<'variations'>['data']
type Group = Data['groups'][number]
type Value = Group['options'][number]

const brl = (cents: number) => formatBRL(cents / 100)

/** Moves the item at `from` one place up (-1) or down (+1); the ids in their new order. */
const moved = (ids: number[], from: number, step: -1 | 1) => {
  const next = [...ids]
  const to = from + step
  ;[next[from], next[to]] = [next[to], next[from]]
  return next
}

type Removal = { kind: 'group'; group: Group } | { kind: 'value'; value: Value } | null

/**
 * Variations: option groups (Cor, Memória…) and their values, each with its own price (the
 * product's when left empty), stock and hash — as the store offers them (only active values). A
 * value in a cart or an order is deactivated instead of deleted: the store stops offering it and
 * orders keep it. Stock of each value is changed in the Estoque section (with its ledger).
 */
export function VariationsSection({ productId, data, canWrite, onChanged }: SectionProps<'variations'>) {
  const [busy, setBusy] = useState(false)
  const [removal, setRemoval] = useState<Removal>(null)
  const [newGroup, setNewGroup] = useState('')

  /** Runs a change; the server's message as a toast, and the editor reloads whatever the answer. */
  const act: Act = async (run) => {
    setBusy(true)
    const result = await run()
    setBusy(false)
    if (result.ok) toast.success(result.data.msg)
    else toast.error(result.msg)
    onChanged()
    return result.ok
  }

  async function addGroup(e: React.FormEvent) {
    e.preventDefault()
    if (await act(() => adminCall('variacaoGrupoCriar', { id: productId, nome: newGroup }))) setNewGroup('')
  }

  async function confirmRemoval() {
    if (!removal) return
    if (removal.kind === 'group') await act(() => adminCall('variacaoGrupoRemover', { id: productId, grupo: removal.group.id }))
    else await act(() => adminCall('variacaoValorRemover', { id: productId, valor: removal.value.id }))
    setRemoval(null)
  }

  const groupIds = data.groups.map((g) => g.id)
  return (
    <section aria-labelledby="sec-variacoes" className="adm-card p-4 sm:p-5" data-testid="variations-section">
      <h2 id="sec-variacoes" className="font-bold text-ink-900">
        Variações
      </h2>
      <p className="mt-1 mb-3 text-sm text-ink-500">
        Grupos como Cor ou Memória, cada valor com seu preço e estoque. Sem preço, o valor usa o do produto ({brl(data.priceCents)}) e o acompanha quando ele muda; o produto aparece na loja pelo menor valor ativo.
      </p>
      {data.groups.length === 0 ? <p className="mb-3 text-sm text-ink-700">Este produto não tem variações: é vendido pelo próprio estoque.</p> : null}
      <div className="flex flex-col gap-4">
        {data.groups.map((g, gi) => (
          <GroupCard
            key={g.id}
            productId={productId}
            group={g}
            canWrite={canWrite}
            busy={busy}
            act={act}
            onRemove={() => setRemoval({ kind: 'group', group: g })}
            onRemoveValue={(value) => setRemoval({ kind: 'value', value })}
            move={
              canWrite && data.groups.length > 1
                ? {
                    up: gi > 0 ? () => act(() => adminCall('variacaoGruposOrdem', { id: productId, ordem: moved(groupIds, gi, -1) })) : null,
                    down: gi < groupIds.length - 1 ? () => act(() => adminCall('variacaoGruposOrdem', { id: productId, ordem: moved(groupIds, gi, 1) })) : null,
                  }
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
          <button type="submit" className="adm-btn-ghost" disabled={busy || !newGroup.trim()}>
            Criar grupo
          </button>
        </form>
      ) : null}
      <ConfirmDialog
        open={removal !== null}
        title={removal?.kind === 'group' ? `Remover o grupo “${removal.group.nome}”?` : `Remover “${removal?.kind === 'value' ? removal.value.nome : ''}”?`}
        confirmLabel="Remover"
        danger
        busy={busy}
        onConfirm={confirmRemoval}
        onClose={() => setRemoval(null)}
      >
        {removal?.kind === 'group' ? (
          removal.group.options.some((o) => o.inUse) ? (
            <p>Alguns valores estão em carrinhos ou pedidos: eles serão desativados (a loja deixa de oferecê-los; pedidos os mantêm). Os demais serão excluídos.</p>
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

type Act = (run: () => Promise<{ ok: true; data: { msg: string } } | { ok: false; msg: string }>) => Promise<boolean>

function GroupCard({
  productId,
  group,
  canWrite,
  busy,
  act,
  onRemove,
  onRemoveValue,
  move,
}: {
  productId: number
  group: Group
  canWrite: boolean
  busy: boolean
  act: Act
  onRemove: () => void
  onRemoveValue: (v: Value) => void
  move: { up: (() => void) | null; down: (() => void) | null } | null
}) {
  const [renaming, setRenaming] = useState<string | null>(null)
  const ids = group.options.map((o) => o.id)
  const offered = group.options.filter((o) => o.active).length

  async function rename(e: React.FormEvent) {
    e.preventDefault()
    if (renaming === null) return
    if (await act(() => adminCall('variacaoGrupoRenomear', { id: productId, grupo: group.id, nome: renaming }))) setRenaming(null)
  }

  return (
    <div className="rounded-lg border border-ink-100" data-testid={`variation-group-${group.id}`}>
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-ink-100 bg-ink-50 px-3 py-2">
        {renaming !== null ? (
          <form onSubmit={rename} className="flex flex-wrap items-center gap-2">
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
              productId={productId}
              value={v}
              canWrite={canWrite}
              busy={busy}
              act={act}
              onRemove={() => onRemoveValue(v)}
              up={i > 0 ? () => act(() => adminCall('variacaoValoresOrdem', { id: productId, grupo: group.id, ordem: moved(ids, i, -1) })) : null}
              down={i < ids.length - 1 ? () => act(() => adminCall('variacaoValoresOrdem', { id: productId, grupo: group.id, ordem: moved(ids, i, 1) })) : null}
            />
          ))}
        </ul>
      )}
      {canWrite ? <AddValue productId={productId} group={group} busy={busy} act={act} /> : null}
    </div>
  )
}

function IconButton({ label, onClick, disabled, children }: { label: string; onClick: () => void; disabled?: boolean; children: React.ReactNode }) {
  return (
    <button type="button" aria-label={label} title={label} onClick={onClick} disabled={disabled} className="adm-btn-ghost size-8 px-0 py-0">
      {children}
    </button>
  )
}

function ValueRow({
  productId,
  value,
  canWrite,
  busy,
  act,
  onRemove,
  up,
  down,
}: {
  productId: number
  value: Value
  canWrite: boolean
  busy: boolean
  act: Act
  onRemove: () => void
  up: (() => void) | null
  down: (() => void) | null
}) {
  const [editing, setEditing] = useState<{ nome: string; preco: string } | null>(null)
  const [error, setError] = useState<string | null>(null)

  async function save(e: React.FormEvent) {
    e.preventDefault()
    if (!editing) return
    const price = parsePrice(editing.preco)
    if (!price.ok) return setError(price.msg)
    if (price.cents === null) return setError('Informe o preço do valor.')
    setError(null)
    if (await act(() => adminCall('variacaoValorAlterar', { id: productId, valor: value.id, nome: editing.nome, precoCents: price.cents! }))) setEditing(null)
  }

  if (editing) {
    return (
      <li className="px-3 py-2">
        <form onSubmit={save} className="flex flex-wrap items-end gap-2" noValidate>
          <div>
            <label htmlFor={`valor-nome-${value.id}`} className="adm-label text-xs">
              Nome
            </label>
            <input
              id={`valor-nome-${value.id}`}
              value={editing.nome}
              onChange={(e) => setEditing({ ...editing, nome: e.target.value })}
              maxLength={VALUE_NAME_MAX}
              className="adm-input w-44"
              autoFocus
            />
          </div>
          <div>
            <label htmlFor={`valor-preco-${value.id}`} className="adm-label text-xs">
              Preço (R$)
            </label>
            <input
              id={`valor-preco-${value.id}`}
              value={editing.preco}
              onChange={(e) => setEditing({ ...editing, preco: e.target.value })}
              inputMode="decimal"
              className="adm-input w-32 tabular-nums"
            />
          </div>
          <button type="submit" className="adm-btn" disabled={busy || !editing.nome.trim()}>
            Salvar
          </button>
          <button type="button" className="adm-btn-ghost" onClick={() => (setEditing(null), setError(null))}>
            Cancelar
          </button>
        </form>
        {error ? (
          <p role="alert" className="mt-2 text-sm text-danger-600">
            {error}
          </p>
        ) : null}
      </li>
    )
  }

  return (
    <li className={`flex flex-wrap items-center gap-x-4 gap-y-1 px-3 py-2 text-sm ${value.active ? '' : 'bg-ink-50 text-ink-500'}`} data-testid={`variation-value-${value.id}`}>
      <div className="min-w-32 grow basis-40">
        <span className={`font-medium ${value.active ? 'text-ink-900' : 'line-through'}`}>{value.nome}</span>
        {!value.active ? <span className="ml-2 rounded bg-ink-100 px-1.5 py-0.5 text-xs">desativado</span> : null}
        <span className="block font-mono text-xs text-ink-500" title="Código (hash) do valor na loja">
          {value.hash}
        </span>
      </div>
      <span className="w-28 tabular-nums">{brl(value.priceCents)}</span>
      <span className={`w-24 tabular-nums ${value.stock === 0 ? 'text-danger-600' : ''}`}>
        {value.stock === 0 ? 'Esgotado' : `${value.stock.toLocaleString('pt-BR')} un.`}
      </span>
      {canWrite ? (
        <div className="flex flex-wrap gap-1">
          <IconButton label={`Mover ${value.nome} para cima`} disabled={busy || !up} onClick={() => up?.()}>
            ↑
          </IconButton>
          <IconButton label={`Mover ${value.nome} para baixo`} disabled={busy || !down} onClick={() => down?.()}>
            ↓
          </IconButton>
          <button type="button" className="adm-btn-ghost px-2 py-1" disabled={busy} onClick={() => setEditing({ nome: value.nome, preco: priceText(value.priceCents) })}>
            Editar
          </button>
          {value.active ? (
            <button type="button" className="adm-btn-ghost px-2 py-1 text-danger-600" disabled={busy} onClick={onRemove}>
              {value.inUse ? 'Desativar' : 'Remover'}
            </button>
          ) : (
            <button type="button" className="adm-btn-ghost px-2 py-1" disabled={busy} onClick={() => act(() => adminCall('variacaoValorAlterar', { id: productId, valor: value.id, ativo: true }))}>
              Reativar
            </button>
          )}
        </div>
      ) : null}
    </li>
  )
}

function AddValue({ productId, group, busy, act }: { productId: number; group: Group; busy: boolean; act: Act }) {
  const [nome, setNome] = useState('')
  const [preco, setPreco] = useState('')
  const [estoque, setEstoque] = useState('')
  const [error, setError] = useState<string | null>(null)
  const id = group.id

  async function add(e: React.FormEvent) {
    e.preventDefault()
    const price = parsePrice(preco)
    if (!price.ok) return setError(price.msg)
    const stock = estoque.trim() === '' ? ({ ok: true, value: 0 } as const) : parseUnits(estoque)
    if (!stock.ok) return setError(stock.msg)
    setError(null)
    if (await act(() => adminCall('variacaoValorCriar', { id: productId, grupo: group.id, nome, precoCents: price.cents, estoque: stock.value }))) {
      setNome('')
      setPreco('')
      setEstoque('')
    }
  }

  return (
    <form onSubmit={add} className="flex flex-wrap items-end gap-2 border-t border-ink-100 px-3 py-3" noValidate aria-label={`Adicionar valor a ${group.nome}`}>
      <div className="grow basis-36 sm:grow-0">
        <label htmlFor={`novo-valor-${id}`} className="adm-label text-xs">
          Novo valor
        </label>
        <input id={`novo-valor-${id}`} value={nome} onChange={(e) => setNome(e.target.value)} maxLength={VALUE_NAME_MAX} placeholder="ex.: Azul" className="adm-input sm:w-44" />
      </div>
      <div className="basis-28">
        <label htmlFor={`novo-preco-${id}`} className="adm-label text-xs">
          Preço (R$)
        </label>
        <input id={`novo-preco-${id}`} value={preco} onChange={(e) => setPreco(e.target.value)} inputMode="decimal" placeholder="do produto" className="adm-input w-full sm:w-32" />
      </div>
      <div className="basis-24">
        <label htmlFor={`novo-estoque-${id}`} className="adm-label text-xs">
          Estoque
        </label>
        <input id={`novo-estoque-${id}`} value={estoque} onChange={(e) => setEstoque(e.target.value)} inputMode="numeric" placeholder="0" className="adm-input w-full sm:w-24" />
      </div>
      <button type="submit" className="adm-btn-ghost" disabled={busy || !nome.trim()}>
        Adicionar
      </button>
      {error ? (
        <p role="alert" className="basis-full text-sm text-danger-600">
          {error}
        </p>
      ) : null}
    </form>
  )
}
