import { PRODUCT_TIERS_MAX } from '../../../../contract/admin/products'
import { formatCents } from '../../../../contract/money'
import { Card, ListField, TextInput } from './form-fields'
import type { FormBits } from './ProductForm'

/** Preço: the price, the crossed-out "de" price, what it costs by Pix, and the wholesale tiers. */
export function PriceCard({ pix, pixCents, ...bits }: FormBits & { pix: number; pixCents: number | null }) {
  return (
    <Card title="Preço" id="sec-preco">
      <div className="grid gap-3">
        <TextInput {...bits} name="preco" label="Preço (R$)" inputMode="decimal" placeholder="0,00" />
        <TextInput
          {...bits}
          name="precoDe"
          label={'Preço "de" (R$, opcional)'}
          inputMode="decimal"
          placeholder="Riscado acima do preço"
          hint="Aparece riscado na loja quando é maior que o preço."
        />
        <p className="rounded-lg bg-pix-50 px-3 py-2 text-sm text-pix-600" data-testid="pix-preview">
          No Pix: <strong>{formatCents(pixCents)}</strong> <span className="text-xs">({pix}% de desconto da loja)</span>
        </p>
      </div>
      <h3 className="mt-4 mb-2 text-sm font-semibold text-ink-900">Atacado</h3>
      <ListField
        bits={bits}
        name="atacado"
        idPrefix="atacado"
        columns={[
          { key: 'min', label: () => 'A partir de (peças)', inputMode: 'numeric' },
          { key: 'preco', label: () => 'Preço unitário (R$)', inputMode: 'decimal' },
        ]}
        removeLabel={(i) => `Remover faixa de atacado ${i + 1}`}
        buttonClass="mt-6"
        addLabel="+ Faixa de atacado"
        max={PRODUCT_TIERS_MAX}
        blank={{ min: '', preco: '' }}
      />
    </Card>
  )
}
