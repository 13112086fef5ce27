import { useState } from 'react'
import { Link } from 'react-router'
import { campaignCsvPath } from '../../../../contract/admin/promotions'
import { GENERATE_MAX } from '../../../../contract/messages/promotions'
import { useStaffAction } from '~/lib/admin-action'
import { ErrorNote, Field } from '../Field'

type Answer = { ok: true; msg?: string; campaign: string; count: number } | { ok: false; code: string; msg: string; campo?: string }

/**
 * "Gerar códigos": single-use copies of this coupon (its rules, one use each) under one campaign, for
 * influencers or apologies after a sale; the campaign's codes then download as a CSV.
 */
export function GenerateCodes({ code, campaign }: { code: string; campaign: string | null }) {
  const [prefixo, setPrefixo] = useState(`${code.slice(0, 12)}-`)
  const [quantidade, setQuantidade] = useState('50')
  const [campanha, setCampanha] = useState(campaign ?? code)
  const [done, setDone] = useState<string | null>(null)
  const gerar = useStaffAction<Answer>({ key: 'gerar', toastRefusal: false, onDone: (a) => setDone(a.campaign) })
  const refused = gerar.answer && !gerar.answer.ok ? gerar.answer.msg : null
  return (
    <section className="adm-card mt-6 grid gap-4 p-5" aria-labelledby="gerar-titulo">
      <div>
        <h2 id="gerar-titulo" className="font-bold text-ink-900">
          Gerar códigos
        </h2>
        <p className="mt-1 text-sm text-ink-500">
          Cria códigos únicos de uso único com as regras deste cupom (até {GENERATE_MAX.toLocaleString('pt-BR')} por vez): o prefixo seguido de 8 letras e
          números sortidos.
        </p>
      </div>
      <form
        className="grid gap-3 sm:grid-cols-4 sm:items-end"
        onSubmit={(e) => {
          e.preventDefault()
          setDone(null)
          gerar.submit('gerar', { prefixo, quantidade: Number(quantidade), campanha })
        }}
      >
        <Field id="g-prefixo" label="Prefixo" value={prefixo} onChange={(e) => setPrefixo(e.target.value)} />
        <Field id="g-quantidade" label="Quantidade" inputMode="numeric" value={quantidade} onChange={(e) => setQuantidade(e.target.value)} />
        <Field id="g-campanha" label="Campanha" value={campanha} onChange={(e) => setCampanha(e.target.value)} />
        <button type="submit" className="adm-btn" disabled={gerar.busy}>
          {gerar.busy ? 'Gerando…' : 'Gerar códigos'}
        </button>
      </form>
      <ErrorNote className="">{refused}</ErrorNote>
      {done ? (
        <p className="flex flex-wrap gap-3 text-sm">
          <a href={campaignCsvPath(done)} className="adm-btn-ghost" download>
            Baixar os códigos (CSV)
          </a>
          <Link to={`/admin/promocoes?${new URLSearchParams({ campanha: done })}`} className="adm-btn-ghost">
            Ver a campanha na lista
          </Link>
        </p>
      ) : null}
    </section>
  )
}
