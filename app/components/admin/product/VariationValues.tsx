import { useState, type InputHTMLAttributes } from 'react'
import { VALUE_NAME_MAX } from '../../../../contract/admin/stock-limits'
import { centsField, formatCents } from '../../../../contract/money'
import { useStaffAction } from '~/lib/admin-action'
import { parsePrice, parseUnits } from './inputs'
import type { SectionProps } from './sections'

type Data = SectionProps<'variations'>['data']
export type Group = Data['groups'][number]
export type Value = Group['options'][number]

/** Moves the item at `from` one place up (-1) or down (+1); the ids in their new order. */
export const moved = (ids: number[], from: number, step: -1 | 1) => {
  const next = [...ids]
  const to = from + step
  ;[next[from], next[to]] = [next[to], next[from]]
  return next
}

export function IconButton({ label, onClick, disabled, children }: { label: string; onClick: () => void; disabled?: boolean; children: React.ReactNode }) {
  return (
    <button type="button" aria-label={label} title={label} onClick={onClick} disabled={disabled} className="adm-btn-ghost size-8 px-0 py-0">
      {children}
    </button>
  )
}

const MEASURES = [
  ['pesoG', 'Peso (g)'],
  ['alturaMm', 'Altura (mm)'],
  ['larguraMm', 'Largura (mm)'],
  ['comprimentoMm', 'Compr. (mm)'],
] as const
type MeasureKey = (typeof MEASURES)[number][0]
type Measures = Record<MeasureKey, string>
const measuresText = (m: NonNullable<Value['measures']>) => `${m.alturaMm} × ${m.larguraMm} × ${m.comprimentoMm} mm, ${m.pesoG} g`

/** The four measures typed: all of them (whole numbers), or none (the product's); anything else is said. */
function parseMeasures(m: Measures): { ok: true; value: NonNullable<Value['measures']> | null } | { ok: false; msg: string } {
  const filled = MEASURES.filter(([k]) => m[k].trim() !== '')
  if (filled.length === 0) return { ok: true, value: null }
  if (filled.length < MEASURES.length) return { ok: false, msg: 'Preencha as quatro medidas, ou nenhuma (valem as do produto).' }
  const n = Object.fromEntries(MEASURES.map(([k]) => [k, Number(m[k].trim())])) as Record<MeasureKey, number>
  if (MEASURES.some(([k]) => !Number.isInteger(n[k]) || n[k] < 1)) return { ok: false, msg: 'Medidas em números inteiros maiores que zero (mm e g).' }
  return { ok: true, value: n }
}

/** One value of a group: its name, hash, price, stock and own measures; edit, reorder, remove or reactivate it. */
export function ValueRow({
  value,
  canWrite,
  busy: groupBusy,
  onRemove,
  up,
  down,
}: {
  value: Value
  canWrite: boolean
  busy: boolean
  onRemove: () => void
  up: (() => void) | null
  down: (() => void) | null
}) {
  const [editing, setEditing] = useState<{ nome: string; preco: string; medidas: Measures } | null>(null)
  const [error, setError] = useState<string | null>(null)
  const change = useStaffAction({ onDone: () => setEditing(null) })
  const busy = groupBusy || change.busy

  function save(e: React.FormEvent) {
    e.preventDefault()
    if (!editing) return
    const price = parsePrice(editing.preco)
    if (!price.ok) return setError(price.msg)
    if (price.cents === null) return setError('Informe o preço do valor.')
    const medidas = parseMeasures(editing.medidas)
    if (!medidas.ok) return setError(medidas.msg)
    setError(null)
    change.submit('valor-alterar', { valor: value.id, nome: editing.nome, precoCents: price.cents, medidas: medidas.value })
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
          {MEASURES.map(([k, label]) => (
            <div key={k}>
              <label htmlFor={`valor-${k}-${value.id}`} className="adm-label text-xs">
                {label}
              </label>
              <input
                id={`valor-${k}-${value.id}`}
                value={editing.medidas[k]}
                onChange={(e) => setEditing({ ...editing, medidas: { ...editing.medidas, [k]: e.target.value } })}
                inputMode="numeric"
                placeholder="do produto"
                className="adm-input w-28 tabular-nums"
              />
            </div>
          ))}
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
    <li
      className={`flex flex-wrap items-center gap-x-4 gap-y-1 px-3 py-2 text-sm ${value.active ? '' : 'bg-ink-50 text-ink-500'}`}
      data-testid={`variation-value-${value.id}`}
    >
      <div className="min-w-32 grow basis-40">
        <span className={`font-medium ${value.active ? 'text-ink-900' : 'line-through'}`}>{value.nome}</span>
        {!value.active ? <span className="ml-2 rounded bg-ink-100 px-1.5 py-0.5 text-xs">desativado</span> : null}
        <span className="block font-mono text-xs text-ink-500" title="Código (hash) do valor na loja">
          {value.hash}
        </span>
      </div>
      <span className="w-28 tabular-nums">{formatCents(value.priceCents)}</span>
      <span className={`w-24 tabular-nums ${value.stock === 0 ? 'text-danger-600' : ''}`}>
        {value.stock === 0 ? 'Esgotado' : `${value.stock.toLocaleString('pt-BR')} un.`}
      </span>
      <span className="text-xs text-ink-500" title="Medidas da embalagem usadas no frete">
        {value.measures ? measuresText(value.measures) : 'medidas do produto'}
      </span>
      {canWrite ? (
        <div className="flex flex-wrap gap-1">
          <IconButton label={`Mover ${value.nome} para cima`} disabled={busy || !up} onClick={() => up?.()}>
            ↑
          </IconButton>
          <IconButton label={`Mover ${value.nome} para baixo`} disabled={busy || !down} onClick={() => down?.()}>
            ↓
          </IconButton>
          <button
            type="button"
            className="adm-btn-ghost px-2 py-1"
            disabled={busy}
            onClick={() =>
              setEditing({
                nome: value.nome,
                preco: centsField(value.priceCents),
                medidas: Object.fromEntries(MEASURES.map(([k]) => [k, value.measures ? String(value.measures[k]) : ''])) as Measures,
              })
            }
          >
            Editar
          </button>
          {value.active ? (
            <button type="button" className="adm-btn-ghost px-2 py-1 text-danger-600" disabled={busy} onClick={onRemove}>
              {value.inUse ? 'Desativar' : 'Remover'}
            </button>
          ) : (
            <button
              type="button"
              className="adm-btn-ghost px-2 py-1"
              disabled={busy}
              onClick={() => change.submit('valor-alterar', { valor: value.id, ativo: true })}
            >
              Reativar
            </button>
          )}
        </div>
      ) : null}
    </li>
  )
}

/** A new value of the group: its name, price (the product's when empty) and first stock. */
export function AddValue({ group }: { group: Group }) {
  const [nome, setNome] = useState('')
  const [preco, setPreco] = useState('')
  const [estoque, setEstoque] = useState('')
  const [error, setError] = useState<string | null>(null)
  const adding = useStaffAction({
    onDone: () => {
      setNome('')
      setPreco('')
      setEstoque('')
    },
  })
  const busy = adding.busy
  const id = group.id

  function add(e: React.FormEvent) {
    e.preventDefault()
    const price = parsePrice(preco)
    if (!price.ok) return setError(price.msg)
    const stock = estoque.trim() === '' ? ({ ok: true, value: 0 } as const) : parseUnits(estoque)
    if (!stock.ok) return setError(stock.msg)
    setError(null)
    adding.submit('valor-criar', { grupo: group.id, nome, precoCents: price.cents, estoque: stock.value })
  }

  return (
    <form onSubmit={add} className="flex flex-wrap items-end gap-2 border-t border-ink-100 px-3 py-3" noValidate aria-label={`Adicionar valor a ${group.nome}`}>
      <RowField
        id={`novo-valor-${id}`}
        label="Novo valor"
        className="grow basis-36 sm:grow-0"
        inputClassName="sm:w-44"
        value={nome}
        onChange={(e) => setNome(e.target.value)}
        maxLength={VALUE_NAME_MAX}
        placeholder="ex.: Azul"
      />
      <RowField
        id={`novo-preco-${id}`}
        label="Preço (R$)"
        className="basis-28"
        inputClassName="w-full sm:w-32"
        value={preco}
        onChange={(e) => setPreco(e.target.value)}
        inputMode="decimal"
        placeholder="do produto"
      />
      <RowField
        id={`novo-estoque-${id}`}
        label="Estoque"
        className="basis-24"
        inputClassName="w-full sm:w-24"
        value={estoque}
        onChange={(e) => setEstoque(e.target.value)}
        inputMode="numeric"
        placeholder="0"
      />
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

/** A labelled input of the add-a-value row: the small label above, the input at its own width. */
function RowField({
  id,
  label,
  className,
  inputClassName,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { id: string; label: string; inputClassName: string }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="adm-label text-xs">
        {label}
      </label>
      <input id={id} className={`adm-input ${inputClassName}`} {...input} />
    </div>
  )
}
