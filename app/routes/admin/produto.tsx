import { useState, type ReactNode } from 'react'
import { Link, data, useNavigate, useRevalidator } from 'react-router'
import {
  fieldErrors,
  PRODUCT_SPECS_MAX,
  PRODUCT_TIERS_MAX,
  PRODUCT_TITLE_MAX,
  productCreateSchema,
  productIdParamsSchema,
  productUpdateSchema,
} from '../../../contract/admin/products'
import { pixPriceCents } from '../../../contract/pricing'
import { productPath } from '../../../contract/urls'
import { catalogChoices, productEditorFields, type ProductEditorFields } from '../../../server/domain/catalog/admin/products'
import { productSections } from '../../../server/domain/catalog/admin/sections'
import { pricingRules } from '../../../server/domain/catalog/rules'
import { can } from '../../../server/domain/staff/permissions'
import { slugify } from '../../../server/lib/text'
import { DescriptionEditor } from '~/components/admin/product/DescriptionEditor'
import { ImagesSection } from '~/components/admin/product/ImagesSection'
import { StockSection } from '~/components/admin/product/StockSection'
import { VariationsSection } from '~/components/admin/product/VariationsSection'
import { BackLink } from '~/components/admin/PageBits'
import { PageHeader } from '~/components/admin/PageHeader'
import { adminCall } from '~/lib/admin-api'
import { requireStaffPage } from '~/lib/admin.server'
import { formatBRL } from '~/lib/money'
import { toast } from '~/lib/toast'
import type { Route } from './+types/produto'

/**
 * /admin/produtos/novo and /admin/produtos/{id} — the product's own fields (title, link, category,
 * brand, description, specifications, prices, wholesale, video, active; the initial stock when
 * creating), then its stock, variations and images sections.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const creating = !params.id
  const me = await requireStaffPage(context, request, creating ? 'catalog:write' : 'catalog:read')
  const choices = await catalogChoices(context.db)
  const pix = pricingRules(context.store).pixDescontoPercentual
  const canWrite = can(me.role, 'catalog:write')
  if (creating) return { produto: null, sections: null, choices, pix, canWrite }
  const id = productIdParamsSchema.safeParse({ id: params.id })
  const produto = id.success ? await productEditorFields(context.db, id.data.id) : null
  if (!produto) throw data({ msg: 'Produto não encontrado.' }, { status: 404 })
  const sections = await productSections(context.db, produto.id)
  return { produto, sections, choices, pix, canWrite }
}

export const meta: Route.MetaFunction = ({ data: page }) => [
  { title: `${page?.produto?.titulo ?? 'Novo produto'} | Painel Vitrine` },
  { name: 'robots', content: 'noindex, nofollow' },
]

/** The form's text, as typed (numbers are parsed on save). */
type FormState = {
  titulo: string
  link: string
  sku: string
  categoria: string
  marca: string
  descricao: string
  especificacoes: Array<{ nome: string; valor: string }>
  alturaMm: string
  larguraMm: string
  comprimentoMm: string
  pesoG: string
  preco: string
  precoDe: string
  atacado: Array<{ min: string; preco: string }>
  video: string
  ativo: boolean
  estoque: string
}

const reaisText = (cents: number | null) => (cents == null ? '' : (cents / 100).toFixed(2).replace('.', ','))
/** "1.234,56", "1234,56" or "1234.56" → 1234.56; '' → NaN. */
function parseReais(text: string): number {
  const t = text.trim().replace(/^R\$\s*/, '')
  if (!t) return Number.NaN
  const normal = t.includes(',') ? t.replace(/\./g, '').replace(',', '.') : t
  return /^-?\d+(\.\d+)?$/.test(normal) ? Number(normal) : Number.NaN
}
const parseWhole = (text: string) => (/^\s*-?\d+\s*$/.test(text) ? Number(text) : text.trim() === '' ? 0 : Number.NaN)

function initialState(p: ProductEditorFields | null): FormState {
  return {
    titulo: p?.titulo ?? '',
    link: p?.link ?? '',
    sku: p?.sku ?? '',
    categoria: p ? String(p.categoria) : '',
    marca: p?.marca != null ? String(p.marca) : '',
    descricao: p?.descricao ?? '',
    especificacoes: p?.especificacoes.map((e) => ({ ...e })) ?? [],
    alturaMm: String(p?.alturaMm ?? 0),
    larguraMm: String(p?.larguraMm ?? 0),
    comprimentoMm: String(p?.comprimentoMm ?? 0),
    pesoG: String(p?.pesoG ?? 0),
    preco: reaisText(p?.precoCents ?? null),
    precoDe: reaisText(p?.precoDeCents ?? null),
    atacado: p?.atacado.map((t) => ({ min: String(t.min), preco: reaisText(t.precoCents) })) ?? [],
    video: p?.video ?? '',
    ativo: p?.ativo ?? true,
    estoque: '0',
  }
}

/** The wire body the schema checks (the same schema the server parses with). */
function wireOf(f: FormState) {
  return {
    titulo: f.titulo,
    link: f.link,
    sku: f.sku,
    categoria: f.categoria ? Number(f.categoria) : Number.NaN,
    marca: f.marca ? Number(f.marca) : null,
    descricao: f.descricao,
    especificacoes: f.especificacoes.filter((e) => e.nome.trim() || e.valor.trim()),
    alturaMm: parseWhole(f.alturaMm),
    larguraMm: parseWhole(f.larguraMm),
    comprimentoMm: parseWhole(f.comprimentoMm),
    pesoG: parseWhole(f.pesoG),
    preco: parseReais(f.preco),
    precoDe: f.precoDe.trim() ? parseReais(f.precoDe) : null,
    atacado: f.atacado.filter((t) => t.min.trim() || t.preco.trim()).map((t) => ({ min: parseWhole(t.min), preco: parseReais(t.preco) })),
    video: f.video,
    ativo: f.ativo,
  }
}

function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={`${id}-erro`} className="mt-1 text-xs font-medium text-danger-600">
      {error}
    </p>
  ) : null
}

function Card({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <section aria-labelledby={id} className="rounded-lg bg-white p-4 shadow-sm">
      <h2 id={id} className="mb-3 font-bold text-ink-900">
        {title}
      </h2>
      {children}
    </section>
  )
}

export default function ProdutoAdmin({ loaderData }: Route.ComponentProps) {
  const { produto, sections, choices, pix, canWrite } = loaderData
  const navigate = useNavigate()
  const revalidator = useRevalidator()
  const [form, setForm] = useState<FormState>(() => initialState(produto))
  const [version, setVersion] = useState(produto?.versao ?? 0)
  const [linkTouched, setLinkTouched] = useState(Boolean(produto))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [notice, setNotice] = useState<{ text: string; stale?: boolean } | null>(null)
  const [saving, setSaving] = useState(false)
  // A reloaded product (after a save elsewhere or a revalidation) starts the form again from it.
  const [loadedVersion, setLoadedVersion] = useState(produto?.versao ?? 0)
  if (produto && produto.versao !== loadedVersion) {
    setLoadedVersion(produto.versao)
    setVersion(produto.versao)
    setForm(initialState(produto))
    setErrors({})
    setNotice(null)
  }

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => {
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

  const priceCents = Math.round(parseReais(form.preco) * 100)
  const pixCents = Number.isFinite(priceCents) && priceCents > 0 ? pixPriceCents(priceCents, pix) : null
  const linkChanged = produto != null && form.link !== produto.link

  const input = (key: keyof FormState, extra: { label: string; hint?: string; className?: string; type?: string; inputMode?: 'decimal' | 'numeric' | 'text'; maxLength?: number; placeholder?: string }) => {
    const id = `p-${key}`
    const error = errors[key]
    return (
      <div className={extra.className}>
        <label htmlFor={id} className="adm-label">
          {extra.label}
        </label>
        <input
          id={id}
          className="adm-input"
          type={extra.type ?? 'text'}
          inputMode={extra.inputMode}
          maxLength={extra.maxLength}
          placeholder={extra.placeholder}
          value={String(form[key])}
          onChange={(e) => set(key, e.target.value as never)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-erro` : extra.hint ? `${id}-dica` : undefined}
        />
        {extra.hint && !error ? (
          <p id={`${id}-dica`} className="mt-1 text-xs text-ink-500">
            {extra.hint}
          </p>
        ) : null}
        <FieldError id={id} error={error} />
      </div>
    )
  }

  async function save(e: React.FormEvent) {
    e.preventDefault()
    if (!canWrite || saving) return
    setNotice(null)
    const wire = wireOf(form)
    const parsed = produto ? productUpdateSchema.safeParse({ ...wire, versao: version }) : productCreateSchema.safeParse({ ...wire, estoque: parseWhole(form.estoque) })
    if (!parsed.success) {
      const found = fieldErrors(parsed.error.issues)
      setErrors(found)
      setNotice({ text: 'Confira os campos marcados.' })
      document.getElementById(`p-${Object.keys(found)[0]?.split('.')[0]}`)?.focus()
      return
    }
    setErrors({})
    setSaving(true)
    const result = produto ? await adminCall('produtoSalvar', { id: produto.id, ...wire, versao: version }) : await adminCall('produtoCriar', { ...wire, estoque: parseWhole(form.estoque) })
    setSaving(false)
    if (!result.ok) {
      if (result.campos) setErrors(result.campos)
      else if (result.campo) setErrors({ [result.campo]: result.msg })
      setNotice({ text: result.msg, stale: result.status === 409 && !result.campo })
      toast.error(result.msg)
      return
    }
    if (!produto) {
      toast.success('Produto criado.')
      navigate(`/admin/produtos/${result.data.id}`, { replace: true })
      return
    }
    toast.success('Produto salvo.')
    setVersion(result.data.versao)
    revalidator.revalidate()
  }

  const specError = (i: number, k: 'nome' | 'valor') => errors[`especificacoes.${i}.${k}`]
  const tierError = (i: number, k: 'min' | 'preco') => errors[`atacado.${i}.${k}`]

  return (
    <>
      <BackLink to="/admin/produtos" label="Produtos" />
      <PageHeader
        title={produto ? produto.titulo : 'Novo produto'}
        description={produto ? `Código ${produto.sku} · versão ${version}` : 'Preencha os dados e salve; imagens, variações e estoque aparecem depois de criar.'}
        actions={
          produto && produto.ativo ? (
            <a href={productPath(produto.link)} target="_blank" rel="noreferrer" className="adm-btn-ghost">
              Ver na loja
            </a>
          ) : null
        }
      />
      {!canWrite ? <p className="mb-4 rounded-lg bg-ink-100 px-4 py-3 text-sm text-ink-700">Seu perfil pode consultar o catálogo, mas não alterá-lo.</p> : null}
      <form onSubmit={save} noValidate aria-label="Dados do produto">
        <fieldset disabled={!canWrite || saving} className="grid gap-4 lg:grid-cols-3">
          <div className="grid gap-4 lg:col-span-2">
            <Card title="Dados principais" id="sec-dados">
              <div className="grid gap-3 sm:grid-cols-2">
                {input('titulo', { label: 'Título', className: 'sm:col-span-2', maxLength: PRODUCT_TITLE_MAX, hint: `${form.titulo.length}/${PRODUCT_TITLE_MAX} caracteres` })}
                <div className="sm:col-span-2">
                  <label htmlFor="p-link" className="adm-label">
                    Link
                  </label>
                  <div className="flex items-stretch gap-2">
                    <span className="hidden items-center text-sm text-ink-500 sm:flex">/produto/</span>
                    <input
                      id="p-link"
                      className="adm-input"
                      value={form.link}
                      onChange={(e) => {
                        setLinkTouched(true)
                        set('link', e.target.value)
                      }}
                      aria-invalid={errors.link ? true : undefined}
                      aria-describedby={errors.link ? 'p-link-erro' : 'p-link-dica'}
                    />
                    <button type="button" className="adm-btn-ghost shrink-0" onClick={() => set('link', slugify(form.titulo, 120))}>
                      Gerar do título
                    </button>
                  </div>
                  {!errors.link ? (
                    <p id="p-link-dica" className="mt-1 text-xs text-ink-500">
                      {linkChanged ? `O link antigo (/produto/${produto?.link}) continuará levando a este produto.` : 'Letras minúsculas sem acento, números e hífens.'}
                    </p>
                  ) : null}
                  <FieldError id="p-link" error={errors.link} />
                </div>
                {input('sku', { label: 'Código (SKU)', maxLength: 64 })}
                <div className="flex items-end pb-2">
                  <label className="flex items-center gap-2 text-sm font-medium text-ink-900">
                    <input type="checkbox" checked={form.ativo} onChange={(e) => set('ativo', e.target.checked)} className="h-4 w-4" />
                    Ativo (à venda na loja)
                  </label>
                </div>
                <div>
                  <label htmlFor="p-categoria" className="adm-label">
                    Categoria
                  </label>
                  <select id="p-categoria" className="adm-input" value={form.categoria} onChange={(e) => set('categoria', e.target.value)} aria-invalid={errors.categoria ? true : undefined} aria-describedby={errors.categoria ? 'p-categoria-erro' : undefined}>
                    <option value="">Escolha…</option>
                    {choices.categorias.map((c) => (
                      <option key={c.id} value={c.id}>
                        {c.nome}
                        {c.oculta ? ' (oculta)' : ''}
                      </option>
                    ))}
                  </select>
                  <FieldError id="p-categoria" error={errors.categoria} />
                </div>
                <div>
                  <label htmlFor="p-marca" className="adm-label">
                    Marca
                  </label>
                  <select id="p-marca" className="adm-input" value={form.marca} onChange={(e) => set('marca', e.target.value)} aria-invalid={errors.marca ? true : undefined} aria-describedby={errors.marca ? 'p-marca-erro' : undefined}>
                    <option value="">Sem marca</option>
                    {choices.marcas.map((m) => (
                      <option key={m.id} value={m.id}>
                        {m.nome}
                        {m.oculta ? ' (oculta)' : ''}
                      </option>
                    ))}
                  </select>
                  <FieldError id="p-marca" error={errors.marca} />
                </div>
              </div>
            </Card>

            <Card title="Descrição" id="sec-descricao">
              <label htmlFor="p-descricao" className="sr-only">
                Descrição
              </label>
              <DescriptionEditor id="p-descricao" value={form.descricao} onChange={(v) => set('descricao', v)} disabled={!canWrite} error={errors.descricao} />
              <FieldError id="p-descricao" error={errors.descricao} />
            </Card>

            <Card title="Especificações" id="sec-espec">
              <div className="grid gap-2">
                {form.especificacoes.map((s, i) => (
                  <div key={i} className="grid grid-cols-[1fr_1fr_auto] items-start gap-2">
                    <div>
                      <label htmlFor={`p-espec-${i}-nome`} className="sr-only">
                        Nome da especificação {i + 1}
                      </label>
                      <input
                        id={`p-espec-${i}-nome`}
                        className="adm-input"
                        placeholder="Nome (ex.: Memória)"
                        value={s.nome}
                        maxLength={255}
                        onChange={(e) => set('especificacoes', form.especificacoes.map((x, j) => (j === i ? { ...x, nome: e.target.value } : x)))}
                        aria-invalid={specError(i, 'nome') ? true : undefined}
                      />
                      <FieldError id={`p-espec-${i}-nome`} error={specError(i, 'nome')} />
                    </div>
                    <div>
                      <label htmlFor={`p-espec-${i}-valor`} className="sr-only">
                        Valor da especificação {i + 1}
                      </label>
                      <input
                        id={`p-espec-${i}-valor`}
                        className="adm-input"
                        placeholder="Valor (ex.: 8 GB)"
                        value={s.valor}
                        maxLength={255}
                        onChange={(e) => set('especificacoes', form.especificacoes.map((x, j) => (j === i ? { ...x, valor: e.target.value } : x)))}
                        aria-invalid={specError(i, 'valor') ? true : undefined}
                      />
                      <FieldError id={`p-espec-${i}-valor`} error={specError(i, 'valor')} />
                    </div>
                    <button type="button" className="adm-btn-ghost px-2" aria-label={`Remover especificação ${i + 1}`} onClick={() => set('especificacoes', form.especificacoes.filter((_, j) => j !== i))}>
                      ✕
                    </button>
                  </div>
                ))}
                <FieldError id="p-especificacoes" error={errors.especificacoes} />
                {form.especificacoes.length < PRODUCT_SPECS_MAX ? (
                  <button type="button" className="adm-btn-ghost justify-self-start" onClick={() => set('especificacoes', [...form.especificacoes, { nome: '', valor: '' }])}>
                    + Especificação
                  </button>
                ) : null}
              </div>
              <h3 className="mt-4 mb-2 text-sm font-semibold text-ink-900">Embalagem (para o frete)</h3>
              <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
                {input('alturaMm', { label: 'Altura (mm)', inputMode: 'numeric' })}
                {input('larguraMm', { label: 'Largura (mm)', inputMode: 'numeric' })}
                {input('comprimentoMm', { label: 'Comprimento (mm)', inputMode: 'numeric' })}
                {input('pesoG', { label: 'Peso (g)', inputMode: 'numeric' })}
              </div>
            </Card>
          </div>

          <div className="grid content-start gap-4">
            <Card title="Preço" id="sec-preco">
              <div className="grid gap-3">
                {input('preco', { label: 'Preço (R$)', inputMode: 'decimal', placeholder: '0,00' })}
                {input('precoDe', { label: 'Preço "de" (R$, opcional)', inputMode: 'decimal', placeholder: 'Riscado acima do preço', hint: 'Aparece riscado na loja quando é maior que o preço.' })}
                <p className="rounded-lg bg-pix-50 px-3 py-2 text-sm text-pix-600" data-testid="pix-preview">
                  No Pix: <strong>{pixCents != null ? formatBRL(pixCents / 100) : '—'}</strong> <span className="text-xs">({pix}% de desconto da loja)</span>
                </p>
              </div>
              <h3 className="mt-4 mb-2 text-sm font-semibold text-ink-900">Atacado</h3>
              <div className="grid gap-2">
                {form.atacado.map((t, i) => (
                  <div key={i} className="grid grid-cols-[1fr_1fr_auto] items-start gap-2">
                    <div>
                      <label htmlFor={`p-atacado-${i}-min`} className="adm-label">
                        A partir de (peças)
                      </label>
                      <input id={`p-atacado-${i}-min`} className="adm-input" inputMode="numeric" value={t.min} onChange={(e) => set('atacado', form.atacado.map((x, j) => (j === i ? { ...x, min: e.target.value } : x)))} aria-invalid={tierError(i, 'min') ? true : undefined} />
                      <FieldError id={`p-atacado-${i}-min`} error={tierError(i, 'min')} />
                    </div>
                    <div>
                      <label htmlFor={`p-atacado-${i}-preco`} className="adm-label">
                        Preço unitário (R$)
                      </label>
                      <input id={`p-atacado-${i}-preco`} className="adm-input" inputMode="decimal" value={t.preco} onChange={(e) => set('atacado', form.atacado.map((x, j) => (j === i ? { ...x, preco: e.target.value } : x)))} aria-invalid={tierError(i, 'preco') ? true : undefined} />
                      <FieldError id={`p-atacado-${i}-preco`} error={tierError(i, 'preco')} />
                    </div>
                    <button type="button" className="adm-btn-ghost mt-6 px-2" aria-label={`Remover faixa de atacado ${i + 1}`} onClick={() => set('atacado', form.atacado.filter((_, j) => j !== i))}>
                      ✕
                    </button>
                  </div>
                ))}
                <FieldError id="p-atacado" error={errors.atacado} />
                {form.atacado.length < PRODUCT_TIERS_MAX ? (
                  <button type="button" className="adm-btn-ghost justify-self-start" onClick={() => set('atacado', [...form.atacado, { min: '', preco: '' }])}>
                    + Faixa de atacado
                  </button>
                ) : null}
              </div>
            </Card>
            <Card title="Vídeo e estoque" id="sec-video">
              <div className="grid gap-3">
                {input('video', { label: 'Vídeo (arquivo em media/videos)', placeholder: 'ex.: demo.mp4', hint: 'MP4 ou WebM; deixe vazio para não ter vídeo.' })}
                {produto ? (
                  <p className="text-sm text-ink-700">O estoque se ajusta na seção Estoque, abaixo.</p>
                ) : (
                  input('estoque', { label: 'Estoque inicial', inputMode: 'numeric', hint: 'Peças disponíveis ao criar (fica no histórico como "Cadastro").' })
                )}
              </div>
            </Card>
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
            <button type="submit" className="adm-btn" disabled={saving}>
              {saving ? 'Salvando…' : produto ? 'Salvar alterações' : 'Criar produto'}
            </button>
          </div>
        ) : null}
      </form>
      {produto && sections ? (
        <div className="mt-6 grid gap-4">
          <StockSection productId={produto.id} data={sections.stock} canWrite={canWrite} onChanged={() => revalidator.revalidate()} />
          <VariationsSection productId={produto.id} data={sections.variations} canWrite={canWrite} onChanged={() => revalidator.revalidate()} />
          <ImagesSection productId={produto.id} data={sections.images} canWrite={canWrite} onChanged={() => revalidator.revalidate()} />
        </div>
      ) : null}
      {produto ? null : (
        <p className="mt-4 text-sm text-ink-500">
          <Link to="/admin/produtos" className="text-brand-700 hover:underline">
            Voltar sem salvar
          </Link>
        </p>
      )}
    </>
  )
}
