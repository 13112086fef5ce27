import { useEffect, useState } from 'react'
import { useNavigate, useRevalidator } from 'react-router'
import { fieldErrors, productCreateSchema, productUpdateSchema } from '../../../../contract/admin/products'
import { parseReais } from '../../../../contract/money'
import { PRODUCTS } from '../../../../contract/messages/products'
import { pixPriceCents } from '../../../../contract/pricing'
import type { CatalogChoices, ProductEditorFields } from '../../../../server/domain/catalog/admin-products'
import { slugify } from '../../../../server/lib/text'
import { useStaffAction } from '~/lib/admin-action'
import { DescriptionCard, MainCard } from './MainCard'
import { PriceCard } from './PriceCard'
import { SpecsCard } from './SpecsCard'
import { VideoStockCard } from './VideoStockCard'
import { initialState, parseWhole, wireOf, type FormState } from './form-state'

/** What a save answers: the saved product, or the refusal with the field(s) to fix. */
type SaveAnswer =
  { ok: true; msg?: string; id: number; versao: number } | { ok: false; code: string; msg: string; campo?: string; campos?: Record<string, string> }

export type FormBits = {
  form: FormState
  errors: Record<string, string>
  set: <K extends keyof FormState>(key: K, value: FormState[K]) => void
}

/**
 * The product's own fields: checked here with the API's schema (each field's message beside it),
 * then sent to the page's action, whose refusal names the field(s) too; a save someone else made
 * first is said, with a way to reload.
 */
export function ProductForm({
  produto,
  choices,
  pix,
  canWrite,
}: {
  produto: ProductEditorFields | null
  choices: CatalogChoices
  pix: number
  canWrite: boolean
}) {
  const navigate = useNavigate()
  const revalidator = useRevalidator()
  const [form, setForm] = useState<FormState>(() => initialState(produto))
  const [linkTouched, setLinkTouched] = useState(Boolean(produto))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [notice, setNotice] = useState<{ text: string; stale?: boolean } | null>(null)
  const save = useStaffAction<SaveAnswer>({
    key: 'produto',
    onDone: (done) => {
      if (!produto) navigate(`/admin/produtos/${done.id}`, { replace: true })
    },
  })
  // A reloaded product (after a save here or elsewhere) starts the form again from it.
  const [loadedVersion, setLoadedVersion] = useState(produto?.versao ?? 0)
  if (produto && produto.versao !== loadedVersion) {
    setLoadedVersion(produto.versao)
    setForm(initialState(produto))
    setErrors({})
    setNotice(null)
  }
  const refusal = save.answer && !save.answer.ok ? save.answer : null
  useEffect(() => {
    if (!refusal) return
    if (refusal.campos) setErrors(refusal.campos)
    else if (refusal.campo) setErrors({ [refusal.campo]: refusal.msg })
    setNotice({ text: refusal.msg, stale: refusal.code === PRODUCTS.changedBy.code || refusal.code === PRODUCTS.changed.code })
  }, [refusal])

  const set: FormBits['set'] = (key, value) => {
    setForm((f) => {
      const next = { ...f, [key]: value }
      if (key === 'titulo' && !linkTouched) next.link = slugify(String(value), 120)
      return next
    })
    setErrors((e) => {
      if (!(key in e)) return e
      const rest = { ...e }
      delete rest[key]
      return rest
    })
  }
  const bits: FormBits = { form, errors, set }

  const priceCents = parseReais(form.preco)
  const pixCents = priceCents != null && priceCents > 0 ? pixPriceCents(priceCents, pix) : null

  function submit(e: React.FormEvent) {
    e.preventDefault()
    if (!canWrite || save.busy) return
    setNotice(null)
    const wire = wireOf(form)
    const body = produto ? { ...wire, versao: produto.versao } : { ...wire, estoque: parseWhole(form.estoque) }
    const parsed = produto ? productUpdateSchema.safeParse(body) : productCreateSchema.safeParse(body)
    if (!parsed.success) {
      const found = fieldErrors(parsed.error.issues)
      setErrors(found)
      setNotice({ text: 'Confira os campos marcados.' })
      document.getElementById(`p-${Object.keys(found)[0]?.split('.')[0]}`)?.focus()
      return
    }
    setErrors({})
    save.submit(produto ? 'salvar' : 'criar', { produto: body })
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Dados do produto">
      <fieldset disabled={!canWrite || save.busy} className="grid gap-4 lg:grid-cols-3">
        <div className="grid gap-4 lg:col-span-2">
          <MainCard
            {...bits}
            choices={choices}
            oldLink={produto?.link ?? null}
            onLinkTyped={(link) => {
              setLinkTouched(true)
              set('link', link)
            }}
          />
          <DescriptionCard {...bits} canWrite={canWrite} />
          <SpecsCard {...bits} />
        </div>
        <div className="grid content-start gap-4">
          <PriceCard {...bits} pix={pix} pixCents={pixCents} />
          <VideoStockCard {...bits} creating={!produto} />
        </div>
      </fieldset>
      {canWrite ? (
        <div className="sticky bottom-0 z-10 -mx-4 mt-4 flex flex-wrap items-center justify-end gap-3 border-t border-ink-100 bg-white/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6 lg:-mx-8 lg:px-8">
          {notice ? (
            <p role="alert" className="mr-auto text-sm text-danger-600">
              {notice.text}
              {notice.stale ? (
                <button type="button" className="ml-1 font-semibold underline" onClick={() => revalidator.revalidate()}>
                  Recarregar
                </button>
              ) : null}
            </p>
          ) : null}
          <button type="submit" className="adm-btn" disabled={save.busy}>
            {save.busy ? 'Salvando…' : produto ? 'Salvar alterações' : 'Criar produto'}
          </button>
        </div>
      ) : null}
    </form>
  )
}
