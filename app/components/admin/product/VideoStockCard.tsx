import { Card, TextInput } from './form-fields'
import type { FormBits } from './ProductForm'

/** Vídeo e estoque: the video's file name, and the initial stock when creating (later, the Estoque section). */
export function VideoStockCard({ creating, ...bits }: FormBits & { creating: boolean }) {
  return (
    <Card title="Vídeo e estoque" id="sec-video">
      <div className="grid gap-3">
        <TextInput
          {...bits}
          name="video"
          label="Vídeo (arquivo em media/videos)"
          placeholder="ex.: demo.mp4"
          hint="MP4 ou WebM; deixe vazio para não ter vídeo."
        />
        {creating ? (
          <TextInput
            {...bits}
            name="estoque"
            label="Estoque inicial"
            inputMode="numeric"
            hint={'Peças disponíveis ao criar (fica no histórico como "Cadastro").'}
          />
        ) : (
          <p className="text-sm text-ink-700">O estoque se ajusta na seção Estoque, abaixo.</p>
        )}
      </div>
    </Card>
  )
}
