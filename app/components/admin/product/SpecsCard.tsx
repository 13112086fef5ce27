import { PRODUCT_SPECS_MAX } from '../../../../contract/admin/products'
import { Card, ListField, TextInput } from './form-fields'
import type { FormBits } from './ProductForm'

/** Especificações (name and value rows) and the package's measures for the freight. */
export function SpecsCard(bits: FormBits) {
  return (
    <Card title="Especificações" id="sec-espec">
      <ListField
        bits={bits}
        name="especificacoes"
        idPrefix="espec"
        columns={[
          { key: 'nome', label: (i) => `Nome da especificação ${i + 1}`, srOnly: true, placeholder: 'Nome (ex.: Memória)', maxLength: 255 },
          { key: 'valor', label: (i) => `Valor da especificação ${i + 1}`, srOnly: true, placeholder: 'Valor (ex.: 8 GB)', maxLength: 255 },
        ]}
        removeLabel={(i) => `Remover especificação ${i + 1}`}
        addLabel="+ Especificação"
        max={PRODUCT_SPECS_MAX}
        blank={{ nome: '', valor: '' }}
      />
      <h3 className="mt-4 mb-2 text-sm font-semibold text-ink-900">Embalagem (para o frete)</h3>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <TextInput {...bits} name="alturaMm" label="Altura (mm)" inputMode="numeric" />
        <TextInput {...bits} name="larguraMm" label="Largura (mm)" inputMode="numeric" />
        <TextInput {...bits} name="comprimentoMm" label="Comprimento (mm)" inputMode="numeric" />
        <TextInput {...bits} name="pesoG" label="Peso (g)" inputMode="numeric" />
      </div>
    </Card>
  )
}
