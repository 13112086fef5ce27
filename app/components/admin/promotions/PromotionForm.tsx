import type { ReactNode } from 'react'
import { PROMOTION_KIND_NAMES, type PromotionForm as PromotionFields } from '../../../../contract/admin/promotions'
import type { PickedProduct, ScopeChoices } from '../../../../server/domain/promotions/admin-scope'
import { ChoiceField, CheckField, EditorForm, FormCard, TextField, usePromoForm } from './form-bits'
import { ScopePicker } from './ScopePicker'

/** An automatic promotion: its name (shown on cards and product pages), discount per unit, progressive rule, window and scope. */
export function PromotionForm({
  initial,
  creating,
  canWrite,
  choices,
  products,
  actions,
}: {
  initial: PromotionFields
  creating: boolean
  canWrite: boolean
  choices: ScopeChoices
  products: PickedProduct[]
  actions?: ReactNode
}) {
  const editor = usePromoForm(initial, { field: 'promocao', creating, pathOf: (id) => `/admin/promocoes/automaticas/${id}`, canWrite })
  const { bits } = editor
  const { form, set } = bits
  return (
    <EditorForm label="Dados da promoção" editor={editor} canWrite={canWrite} saveLabel={creating ? 'Criar promoção' : 'Salvar alterações'} actions={actions}>
      <div className="grid gap-4 lg:grid-cols-2">
        <FormCard title="Promoção">
          <TextField bits={bits} name="nome" label="Nome" hint="O cliente lê no card e na página do produto: “Semana do Smartphone”." />
          <div className="grid gap-4 sm:grid-cols-2">
            <ChoiceField bits={bits} name="tipo" label="Tipo" options={Object.entries(PROMOTION_KIND_NAMES)} />
            <TextField
              bits={bits}
              name="valor"
              label={form.tipo === 'percentual' ? 'Percentual (%)' : 'Desconto por unidade (R$)'}
              inputMode={form.tipo === 'percentual' ? 'numeric' : 'decimal'}
            />
            <TextField
              bits={bits}
              name="minimoUnidades"
              label="A partir de (unidades)"
              inputMode="numeric"
              hint="Progressiva: leve 2 ou mais do mesmo produto. 1 vale para qualquer quantidade."
            />
          </div>
        </FormCard>
        <FormCard title="Período">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField bits={bits} name="inicio" type="datetime-local" label="Início" hint="Horário de Brasília." />
            <TextField bits={bits} name="fim" type="datetime-local" label="Fim" hint="Horário de Brasília. Em branco: sem fim." />
          </div>
          <CheckField bits={bits} name="ativo" label="Ativa" hint="Aparece na loja do início ao fim; desmarcada, não aparece." />
        </FormCard>
      </div>
      <div className="mt-4">
        <FormCard title="Alcance">
          <ScopePicker value={form.escopo} onChange={(escopo) => set('escopo', escopo)} choices={choices} products={products} disabled={bits.disabled} />
        </FormCard>
      </div>
    </EditorForm>
  )
}
