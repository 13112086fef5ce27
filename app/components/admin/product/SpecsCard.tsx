import { PRODUCT_SPECS_MAX } from '../../../../contract/admin/products'
import { Card, ListField, TextInput } from './form-fields'
import type { FormBits } from './ProductForm'

/** Especificações (name and value rows), the package's measures for the freight and the NF-e's fiscal data. */
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
      <h3 className="mt-4 mb-2 text-sm font-semibold text-ink-900">Dados fiscais (para a nota fiscal)</h3>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        <TextInput {...bits} name="ncm" label="NCM" inputMode="numeric" maxLength={10} placeholder="8517.13.00" hint="Sem NCM o produto não sai em nota." />
        <TextInput {...bits} name="cest" label="CEST" inputMode="numeric" maxLength={9} placeholder="Quando houver" />
        <TextInput {...bits} name="origem" label="Origem (0 a 8)" inputMode="numeric" maxLength={1} />
        <TextInput {...bits} name="gtin" label="GTIN / EAN" maxLength={14} placeholder="SEM GTIN" />
        <TextInput {...bits} name="unidade" label="Unidade" maxLength={3} placeholder="UN" />
      </div>
    </Card>
  )
}
