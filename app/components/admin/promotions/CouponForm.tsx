import type { ReactNode } from 'react'
import { COUPON_KIND_NAMES, SHIPPING_SCOPE_NAMES, type CouponForm as CouponFields } from '../../../../contract/admin/promotions'
import type { PickedProduct, ScopeChoices } from '../../../../server/domain/promotions/admin-scope'
import { ChoiceField, CheckField, EditorForm, FormCard, TextField, usePromoForm } from './form-bits'
import { ScopePicker } from './ScopePicker'

const BRASILIA = 'Horário de Brasília. Em branco: '

/**
 * A coupon's every rule. One orders already used (`usos` > 0) keeps its kind, value and scope: those
 * fields are shown locked, with the way out (end it, create another).
 */
export function CouponForm({
  initial,
  creating,
  usos,
  canWrite,
  choices,
  products,
  actions,
}: {
  initial: CouponFields
  creating: boolean
  usos: number
  canWrite: boolean
  choices: ScopeChoices
  products: PickedProduct[]
  actions?: ReactNode
}) {
  const editor = usePromoForm(initial, { field: 'cupom', creating, pathOf: (id) => `/admin/promocoes/cupons/${id}`, canWrite })
  const { bits } = editor
  const { form, set } = bits
  const locked = usos > 0
  return (
    <EditorForm label="Dados do cupom" editor={editor} canWrite={canWrite} saveLabel={creating ? 'Criar cupom' : 'Salvar alterações'} actions={actions}>
      <div className="grid gap-4 lg:grid-cols-2">
        <FormCard title="Cupom">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField bits={bits} name="codigo" label="Código" hint="Letras, números e hífen; o cliente digita em maiúsculas ou minúsculas." />
            <TextField bits={bits} name="campanha" label="Campanha (opcional)" hint="Agrupa cupons e códigos gerados no filtro e no Painel." />
            <ChoiceField bits={bits} name="tipo" label="Tipo" options={Object.entries(COUPON_KIND_NAMES)} locked={locked} />
            {form.tipo === 'frete' ? (
              <ChoiceField bits={bits} name="freteEscopo" label="Frete grátis em" options={Object.entries(SHIPPING_SCOPE_NAMES)} locked={locked} />
            ) : (
              <TextField
                bits={bits}
                name="valor"
                label={form.tipo === 'percentual' ? 'Percentual (%)' : 'Valor do desconto (R$)'}
                inputMode={form.tipo === 'percentual' ? 'numeric' : 'decimal'}
                hint={form.tipo === 'percentual' ? 'De 1 a 100, sobre os itens do alcance.' : 'Dividido entre os itens do alcance.'}
                locked={locked}
              />
            )}
            <TextField
              bits={bits}
              name="minimo"
              label="Valor mínimo do pedido (R$)"
              inputMode="decimal"
              hint="Medido nos itens, depois das promoções automáticas."
            />
          </div>
          {locked ? (
            <p className="rounded-lg bg-ink-100 px-3 py-2 text-sm text-ink-700">
              Já usado em {usos === 1 ? '1 pedido' : `${usos} pedidos`}: tipo, valor e alcance não mudam mais. Para outro desconto, encerre este cupom e crie
              outro.
            </p>
          ) : null}
        </FormCard>
        <FormCard title="Validade e limites">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField bits={bits} name="inicio" type="datetime-local" label="Início" hint={`${BRASILIA}vale desde já.`} />
            <TextField bits={bits} name="fim" type="datetime-local" label="Fim" hint={`${BRASILIA}sem fim.`} />
            <TextField bits={bits} name="usosTotais" label="Usos no total" inputMode="numeric" hint="Em branco: sem limite." />
            <TextField bits={bits} name="usosPorCliente" label="Usos por cliente" inputMode="numeric" hint="Contados por conta e por CPF." />
          </div>
          <CheckField bits={bits} name="primeiraCompra" label="Só na primeira compra" hint="Do cliente (conta ou CPF) que ainda não tem pedido." />
          <CheckField bits={bits} name="combina" label="Cumulativo com promoções automáticas" hint="Desmarcado: não desconta itens que já estão em promoção." />
          <CheckField bits={bits} name="ativo" label="Ativo" />
        </FormCard>
      </div>
      <div className="mt-4">
        <FormCard title="Alcance">
          <ScopePicker
            value={form.escopo}
            onChange={(escopo) => set('escopo', escopo)}
            choices={choices}
            products={products}
            disabled={bits.disabled || locked}
          />
          {bits.errorOf('escopo') ? <p className="text-xs font-medium text-danger-600">{bits.errorOf('escopo')}</p> : null}
        </FormCard>
      </div>
    </EditorForm>
  )
}
