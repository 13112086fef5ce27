import { useEffect, useState } from 'react'
import { MAX_ALT_LENGTH } from '../../../../contract/admin/media-limits'
import { useStaffAction } from '~/lib/admin-action'
import type { SectionProps } from './sections'

type Image = SectionProps<'images'>['data'][number]

const thumb = (link: string) => `/_next/img/${link.split('/').map(encodeURIComponent).join('/')}?w=240`

/** One image of the product: its thumbnail, size and alternative text; move it, make it the main one, delete it (confirmed). */
export function ImageCard({
  image,
  index,
  last,
  canWrite,
  busy,
  move,
  onMain,
  onDelete,
}: {
  image: Image
  index: number
  last: boolean
  canWrite: boolean
  busy: boolean
  move: (by: -1 | 1) => void
  onMain: () => void
  onDelete: () => void
}) {
  const [confirming, setConfirming] = useState(false)
  return (
    <>
      <img src={thumb(image.link)} alt={image.alt} width={96} height={96} className="h-24 w-24 shrink-0 rounded bg-ink-50 object-contain" loading="lazy" />
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <p className="text-xs font-semibold text-ink-700">
          {index === 0 ? <span className="rounded bg-brand-600 px-1.5 py-0.5 text-white">Principal</span> : `${index + 1}ª imagem`}
          {image.width ? (
            <span className="ml-1 font-normal text-ink-500">
              {image.width}×{image.height}
            </span>
          ) : null}
        </p>
        <AltField image={image} disabled={!canWrite || busy} />
        {canWrite ? (
          <div className="flex flex-wrap gap-1">
            <button
              type="button"
              className="adm-btn-ghost px-2 py-1 text-xs"
              disabled={busy || index === 0}
              onClick={() => move(-1)}
              aria-label={`Mover a ${index + 1}ª imagem para antes`}
            >
              ↑
            </button>
            <button
              type="button"
              className="adm-btn-ghost px-2 py-1 text-xs"
              disabled={busy || last}
              onClick={() => move(1)}
              aria-label={`Mover a ${index + 1}ª imagem para depois`}
            >
              ↓
            </button>
            {index > 0 ? (
              <button type="button" className="adm-btn-ghost px-2 py-1 text-xs" disabled={busy} onClick={onMain}>
                Tornar principal
              </button>
            ) : null}
            {confirming ? (
              <>
                <button
                  type="button"
                  className="adm-btn-danger px-2 py-1 text-xs"
                  disabled={busy}
                  onClick={() => {
                    setConfirming(false)
                    onDelete()
                  }}
                >
                  Confirmar exclusão
                </button>
                <button type="button" className="adm-btn-ghost px-2 py-1 text-xs" onClick={() => setConfirming(false)}>
                  Cancelar
                </button>
              </>
            ) : (
              <button type="button" className="adm-btn-ghost px-2 py-1 text-xs text-danger-600" disabled={busy} onClick={() => setConfirming(true)}>
                Excluir
              </button>
            )}
          </div>
        ) : null}
      </div>
    </>
  )
}

/** The image's alternative text, saved when it leaves the field changed. */
function AltField({ image, disabled }: { image: Image; disabled: boolean }) {
  const [value, setValue] = useState(image.alt)
  const saving = useStaffAction()
  useEffect(() => setValue(image.alt), [image.alt])
  const id = `alt-${image.id}`
  function save() {
    if (value.trim() !== image.alt) saving.submit('imagem-alt', { imagem: image.id, alt: value })
  }
  return (
    <div>
      <label htmlFor={id} className="sr-only">
        Texto alternativo da {image.position + 1}ª imagem
      </label>
      <input
        id={id}
        className="adm-input py-1 text-sm"
        placeholder="Texto alternativo (o que a imagem mostra)"
        maxLength={MAX_ALT_LENGTH}
        value={value}
        disabled={disabled}
        onChange={(e) => setValue(e.target.value)}
        onBlur={save}
        onKeyDown={(e) => e.key === 'Enter' && (e.currentTarget as HTMLInputElement).blur()}
      />
    </div>
  )
}
