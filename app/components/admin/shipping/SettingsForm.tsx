// The "Frete" settings form (/admin/frete, docs/decisions/0133-shipping-settings-and-free-shipping.md):
// what the page loaded, as text the Dono edits, posted whole as `salvar`; the server validates it and
// answers a refusal in pt-BR, shown above the button.
import { useState, type ReactNode } from 'react'
import { centsField, parseReais } from '../../../../contract/money'
import { FREE_SHIPPING_SCOPES, KNOWN_SERVICES, REGION_LABELS, REGIONS, UFS, type ShippingSettings } from '../../../../contract/admin/shipping-settings'
import { useStaffAction } from '~/lib/admin-action'
import { ErrorNote, Field, SelectField } from '../Field'

type Region = (typeof REGIONS)[number]
type RuleDraft = { nome: string; minimo: string; ufs: string; faixas: string; servicos: (typeof FREE_SHIPPING_SCOPES)[number] }
type Draft = {
  origem: ShippingSettings['origem']
  servicos: Array<{ id: number; nome: string; on: boolean }>
  diasManuseio: string
  margemPercentual: string
  margemReais: string
  caixa: Record<keyof ShippingSettings['caixaPadrao'], string>
  padrao: string
  kgIncluidos: string
  regioes: Record<Region, { padraoPrazo: string; base: string; kg: string; expressaPrazo: string }>
  regras: RuleDraft[]
}

const SCOPE_LABELS: Record<RuleDraft['servicos'], string> = { mais_barato: 'a entrega mais barata', todos: 'todas as entregas' }
const BOX_FIELDS = [
  ['alturaMm', 'Altura (mm)'],
  ['larguraMm', 'Largura (mm)'],
  ['comprimentoMm', 'Comprimento (mm)'],
  ['pesoG', 'Peso (g)'],
] as const

function draftOf(s: ShippingSettings): Draft {
  const saved = s.servicos.map((x) => ({ ...x, on: true }))
  const others = KNOWN_SERVICES.filter((k) => !s.servicos.some((x) => x.id === k.id)).map((k) => ({ id: k.id, nome: k.nome, on: false }))
  const e = s.tabela.expressa
  return {
    origem: s.origem,
    servicos: [...saved, ...others],
    diasManuseio: String(s.diasManuseio),
    margemPercentual: String(s.margemPercentual),
    margemReais: centsField(s.margemCentavos),
    caixa: {
      alturaMm: String(s.caixaPadrao.alturaMm),
      larguraMm: String(s.caixaPadrao.larguraMm),
      comprimentoMm: String(s.caixaPadrao.comprimentoMm),
      pesoG: String(s.caixaPadrao.pesoG),
    },
    padrao: centsField(s.tabela.padraoCentavos),
    kgIncluidos: String(e.kgIncluidos),
    regioes: Object.fromEntries(
      REGIONS.map((r) => [
        r,
        {
          padraoPrazo: String(s.tabela.prazosDiasUteis[r]),
          base: centsField(e.baseCentavos[r]),
          kg: centsField(e.kgAdicionalCentavos[r]),
          expressaPrazo: String(e.prazosDiasUteis[r]),
        },
      ]),
    ) as Draft['regioes'],
    regras: s.freteGratis.map((g) => ({
      nome: g.nome,
      minimo: centsField(g.minimoCentavos),
      ufs: g.ufs.join(', '),
      faixas: g.faixasCep.map((f) => `${f.de} a ${f.ate}`).join('\n'),
      servicos: g.servicos,
    })),
  }
}

/** A typed number, or null (the server then says which field wants one). */
const num = (text: string) => (text.trim() === '' || !Number.isFinite(Number(text)) ? null : Number(text))
const byRegion = (d: Draft, pick: (r: Draft['regioes'][Region]) => number | null) => Object.fromEntries(REGIONS.map((r) => [r, pick(d.regioes[r])]))
/** "01000-000 a 19999-999", one a line; a line that is no range goes as typed, and the server says so. */
const ranges = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => {
      const m = /^(\d{5}-?\d{3})\s*(?:a|até|-)\s*(\d{5}-?\d{3})$/i.exec(l)
      return m ? { de: m[1], ate: m[2] } : { de: l, ate: l }
    })

function settingsOf(d: Draft) {
  return {
    origem: d.origem,
    servicos: d.servicos.filter((s) => s.on).map(({ id, nome }) => ({ id, nome })),
    diasManuseio: num(d.diasManuseio),
    margemPercentual: num(d.margemPercentual),
    margemCentavos: parseReais(d.margemReais || '0'),
    caixaPadrao: Object.fromEntries(BOX_FIELDS.map(([k]) => [k, num(d.caixa[k])])),
    tabela: {
      padraoCentavos: parseReais(d.padrao),
      prazosDiasUteis: byRegion(d, (r) => num(r.padraoPrazo)),
      expressa: {
        baseCentavos: byRegion(d, (r) => parseReais(r.base)),
        kgIncluidos: num(d.kgIncluidos),
        kgAdicionalCentavos: byRegion(d, (r) => parseReais(r.kg)),
        prazosDiasUteis: byRegion(d, (r) => num(r.expressaPrazo)),
      },
    },
    freteGratis: d.regras.map((g) => ({
      nome: g.nome,
      minimoCentavos: parseReais(g.minimo || '0'),
      ufs: g.ufs
        .split(/[\s,;]+/)
        .map((u) => u.trim().toUpperCase())
        .filter(Boolean),
      faixasCep: ranges(g.faixas),
      servicos: g.servicos,
    })),
  }
}

function Section({ id, title, hint, children }: { id: string; title: string; hint?: string; children: ReactNode }) {
  return (
    <fieldset className="adm-card p-5 text-sm" aria-labelledby={id}>
      <legend id={id} className="float-left mb-1 w-full font-bold text-ink-900">
        {title}
      </legend>
      {hint ? <p className="clear-both mb-3 text-ink-600">{hint}</p> : <div className="clear-both" />}
      {children}
    </fieldset>
  )
}

export function ShippingSettingsForm({ settings, versao, canEdit }: { settings: ShippingSettings; versao: string | null; canEdit: boolean }) {
  const [d, setDraft] = useState(() => draftOf(settings))
  const save = useStaffAction({ key: 'salvar', toastRefusal: false })
  const set = (change: (d: Draft) => Draft) => setDraft((old) => change(structuredClone(old)))
  const disabled = !canEdit || save.busy
  const o = d.origem
  const origin = (key: keyof Draft['origem'], label: string, className = '') => (
    <Field
      id={`origem-${key}`}
      label={label}
      className={className}
      value={o[key]}
      disabled={disabled}
      onChange={(e) => set((x) => ({ ...x, origem: { ...x.origem, [key]: e.target.value } }))}
    />
  )
  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault()
        save.submit('salvar', { settings: settingsOf(d), versao })
      }}
    >
      <Section id="frete-origem" title="Origem dos pacotes" hint="O CEP de onde a transportadora coleta (o remetente da etiqueta); toda cotação parte dele.">
        <div className="grid gap-3 sm:grid-cols-6">
          {origin('cep', 'CEP', 'sm:col-span-2')}
          {origin('logradouro', 'Logradouro', 'sm:col-span-4')}
          {origin('numero', 'Número', 'sm:col-span-1')}
          {origin('complemento', 'Complemento', 'sm:col-span-2')}
          {origin('bairro', 'Bairro', 'sm:col-span-3')}
          {origin('cidade', 'Cidade', 'sm:col-span-4')}
          <SelectField
            id="origem-uf"
            label="UF"
            className="sm:col-span-2"
            options={UFS.map((u) => [u, u] as const)}
            value={o.uf}
            disabled={disabled}
            onChange={(e) => set((x) => ({ ...x, origem: { ...x.origem, uf: e.target.value as Draft['origem']['uf'] } }))}
          />
        </div>
      </Section>

      <Section
        id="frete-servicos"
        title="Serviços oferecidos (Melhor Envio)"
        hint="Na ordem em que o checkout os lista: os dois primeiros nas opções 0 e 1, a retirada na 2, os demais depois."
      >
        <ul className="grid gap-1 sm:grid-cols-2">
          {d.servicos.map((s, i) => (
            <li key={s.id}>
              <label className="flex items-center gap-2">
                <input type="checkbox" checked={s.on} disabled={disabled} onChange={(e) => set((x) => ((x.servicos[i].on = e.target.checked), x))} />
                {s.nome} <span className="text-ink-500">(serviço {s.id})</span>
              </label>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="frete-prazos" title="Manuseio, margem e caixa padrão" hint="A caixa padrão vale para o produto sem medidas.">
        <div className="grid gap-3 sm:grid-cols-4">
          <Field
            id="dias-manuseio"
            label="Dias de manuseio"
            inputMode="numeric"
            value={d.diasManuseio}
            disabled={disabled}
            onChange={(e) => set((x) => ({ ...x, diasManuseio: e.target.value }))}
          />
          <Field
            id="margem-pct"
            label="Margem (%)"
            inputMode="numeric"
            value={d.margemPercentual}
            disabled={disabled}
            onChange={(e) => set((x) => ({ ...x, margemPercentual: e.target.value }))}
          />
          <Field
            id="margem-reais"
            label="Margem (R$)"
            inputMode="decimal"
            value={d.margemReais}
            disabled={disabled}
            onChange={(e) => set((x) => ({ ...x, margemReais: e.target.value }))}
          />
          <div className="hidden sm:block" />
          {BOX_FIELDS.map(([k, label]) => (
            <Field
              key={k}
              id={`caixa-${k}`}
              label={`Caixa padrão: ${label}`}
              inputMode="numeric"
              value={d.caixa[k]}
              disabled={disabled}
              onChange={(e) => set((x) => ((x.caixa[k] = e.target.value), x))}
            />
          ))}
        </div>
      </Section>

      <Section id="frete-tabela" title="Tabela da loja" hint="O que a loja cobra sem transportadora, e a estimativa quando a transportadora não responde.">
        <div className="mb-3 grid gap-3 sm:grid-cols-4">
          <Field
            id="padrao"
            label="Padrão (R$)"
            inputMode="decimal"
            value={d.padrao}
            disabled={disabled}
            onChange={(e) => set((x) => ({ ...x, padrao: e.target.value }))}
          />
          <Field
            id="kg-incluidos"
            label="Quilos na Expressa"
            inputMode="numeric"
            value={d.kgIncluidos}
            disabled={disabled}
            onChange={(e) => set((x) => ({ ...x, kgIncluidos: e.target.value }))}
          />
        </div>
        <div className="overflow-x-auto">
          <table className="w-full min-w-[34rem] text-left">
            <caption className="sr-only">Prazos e preços por região</caption>
            <thead className="text-xs text-ink-600">
              <tr>
                <th scope="col">Região</th>
                <th scope="col">Padrão: prazo (dias úteis)</th>
                <th scope="col">Expressa (R$)</th>
                <th scope="col">Quilo adicional (R$)</th>
                <th scope="col">Expressa: prazo</th>
              </tr>
            </thead>
            <tbody>
              {REGIONS.map((r) => (
                <tr key={r}>
                  <th scope="row" className="pr-2 font-medium">
                    {REGION_LABELS[r]}
                  </th>
                  {(['padraoPrazo', 'base', 'kg', 'expressaPrazo'] as const).map((k) => (
                    <td key={k} className="p-1">
                      <input
                        className="adm-input"
                        aria-label={`${REGION_LABELS[r]}: ${{ padraoPrazo: 'prazo do Padrão', base: 'Expressa', kg: 'quilo adicional', expressaPrazo: 'prazo da Expressa' }[k]}`}
                        inputMode={k === 'base' || k === 'kg' ? 'decimal' : 'numeric'}
                        value={d.regioes[r][k]}
                        disabled={disabled}
                        onChange={(e) => set((x) => ((x.regioes[r][k] = e.target.value), x))}
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>

      <Section
        id="frete-gratis"
        title="Frete grátis"
        hint="Vale para a tabela e para as transportadoras. O pedido mínimo conta os itens depois das promoções e do cupom (antes do desconto Pix). Sem UF nem faixa de CEP, vale para todo o Brasil."
      >
        <ul className="flex flex-col gap-3">
          {d.regras.map((g, i) => (
            <li key={i} className="grid gap-3 rounded-lg border border-ink-100 p-3 sm:grid-cols-4">
              <Field
                id={`regra-${i}-nome`}
                label="Nome"
                value={g.nome}
                disabled={disabled}
                onChange={(e) => set((x) => ((x.regras[i].nome = e.target.value), x))}
              />
              <Field
                id={`regra-${i}-minimo`}
                label="Pedido mínimo (R$)"
                inputMode="decimal"
                value={g.minimo}
                disabled={disabled}
                onChange={(e) => set((x) => ((x.regras[i].minimo = e.target.value), x))}
              />
              <Field
                id={`regra-${i}-ufs`}
                label="UFs"
                placeholder="SP, RJ, MG"
                value={g.ufs}
                disabled={disabled}
                onChange={(e) => set((x) => ((x.regras[i].ufs = e.target.value), x))}
              />
              <SelectField
                id={`regra-${i}-servicos`}
                label="Grátis em"
                options={FREE_SHIPPING_SCOPES.map((s) => [s, SCOPE_LABELS[s]] as const)}
                value={g.servicos}
                disabled={disabled}
                onChange={(e) => set((x) => ((x.regras[i].servicos = e.target.value as RuleDraft['servicos']), x))}
              />
              <div className="sm:col-span-3">
                <label htmlFor={`regra-${i}-faixas`} className="adm-label">
                  Faixas de CEP (uma por linha: 01000-000 a 19999-999)
                </label>
                <textarea
                  id={`regra-${i}-faixas`}
                  className="adm-input"
                  rows={2}
                  value={g.faixas}
                  disabled={disabled}
                  onChange={(e) => set((x) => ((x.regras[i].faixas = e.target.value), x))}
                />
              </div>
              <div className="flex items-end">
                <button
                  type="button"
                  className="adm-btn-ghost"
                  disabled={disabled}
                  onClick={() => set((x) => ({ ...x, regras: x.regras.filter((_, k) => k !== i) }))}
                >
                  Remover regra
                </button>
              </div>
            </li>
          ))}
        </ul>
        <button
          type="button"
          className="adm-btn-ghost mt-3"
          disabled={disabled}
          onClick={() => set((x) => ({ ...x, regras: [...x.regras, { nome: 'Frete grátis', minimo: '', ufs: '', faixas: '', servicos: 'mais_barato' }] }))}
        >
          Adicionar regra
        </button>
      </Section>

      {canEdit ? (
        <div className="flex flex-col gap-2">
          <ErrorNote className="">{save.answer && !save.answer.ok ? save.answer.msg : null}</ErrorNote>
          <div>
            <button type="submit" className="adm-btn" disabled={disabled}>
              {save.busy ? 'Salvando…' : 'Salvar configurações'}
            </button>
          </div>
        </div>
      ) : (
        <p className="text-sm text-ink-600">Só o Dono muda as configurações de frete.</p>
      )}
    </form>
  )
}
