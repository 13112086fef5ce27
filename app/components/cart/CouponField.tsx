import { useState, type FormEvent } from 'react'
import type { Cupom } from '../../../contract/promotions'
import { call } from '~/lib/api'
import { formatBRL } from '~/lib/money'
import { toast } from '~/lib/toast'

/**
 * 'Cupom de desconto' with 'Aplicar' (cart page and checkout). The coupon is the cart's
 * (docs/decisions/0127-promotions.md): once applied it shows with what it takes off, or, when the
 * cart changed so it no longer applies, as not applied with why; `changed` lists the cart again.
 */
export function CouponField({ cupom, changed }: { cupom: Cupom | null | undefined; changed: () => Promise<void> }) {
  const [codigo, setCodigo] = useState('')
  const [busy, setBusy] = useState(false)
  const [erro, setErro] = useState('')

  async function apply(e: FormEvent) {
    e.preventDefault()
    setBusy(true)
    const r = await call('carrinhoCupom', { codigo })
    setBusy(false)
    if (!r.ok) return setErro(r.msg)
    setErro('')
    setCodigo('')
    toast.success(r.data.estado === 'sucesso' ? r.data.msg : '', { autoClose: 2000 })
    await changed()
  }

  async function remove() {
    setBusy(true)
    await call('carrinhoCupomRemover', {})
    setBusy(false)
    await changed()
  }

  if (cupom)
    return (
      <div className="rounded-lg bg-ink-50 p-2 text-sm" data-testid="cupom">
        <div className="flex items-center justify-between gap-2">
          <span className="font-semibold text-ink-900">
            Cupom {cupom.codigo} {cupom.aplicado ? `aplicado (− ${formatBRL(cupom.valor)})` : 'não aplicado'}
          </span>
          <button type="button" className="text-xs font-medium text-brand-700 underline" disabled={busy} onClick={() => void remove()}>
            Remover
          </button>
        </div>
        {cupom.msg ? (
          <p className="mt-1 text-danger-600" role="alert">
            {cupom.msg}
          </p>
        ) : null}
      </div>
    )
  return (
    <form onSubmit={(e) => void apply(e)} className="text-sm">
      <label htmlFor="cupom" className="text-ink-700">
        Cupom de desconto
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id="cupom"
          value={codigo}
          maxLength={30}
          autoComplete="off"
          onChange={(e) => setCodigo(e.target.value)}
          className="h-9 min-w-0 flex-1 rounded-lg border border-ink-300 px-2 uppercase"
        />
        <button type="submit" className="btn-ghost h-9 px-3" disabled={busy || codigo.trim() === ''}>
          Aplicar
        </button>
      </div>
      {erro ? (
        <p className="mt-1 text-danger-600" role="alert">
          {erro}
        </p>
      ) : null}
    </form>
  )
}
