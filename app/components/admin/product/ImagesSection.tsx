import { useEffect, useRef, useState, type DragEvent } from 'react'
import { useRevalidator } from 'react-router'
import { adminCalls } from '../../../../contract/admin/calls'
import { ACCEPTED_IMAGE_TYPES, MAX_UPLOAD_BYTES } from '../../../../contract/admin/media-limits'
import { IMAGES } from '../../../../contract/messages/products'
import { useStaffAction } from '~/lib/admin-action'
import { toast } from '~/lib/toast'
import { ImageCard } from './ImageCard'
import type { SectionProps } from './sections'

type Image = SectionProps<'images'>['data'][number]
type Upload = { key: number; name: string; loaded: number; total: number; error?: string }

const ACCEPTED = new Set(ACCEPTED_IMAGE_TYPES.split(','))
const MB = 1024 * 1024

/**
 * Sends one file as the request body with XMLHttpRequest (fetch reports no upload progress). The
 * server checks the content; the browser's type is only a hint for the early message below.
 */
function sendFile(productId: number, file: File, onProgress: (loaded: number, total: number) => void): Promise<{ ok: true } | { ok: false; msg: string }> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', adminCalls.imagemEnviar.path.replace('{id}', String(productId)))
    xhr.setRequestHeader('content-type', file.type || 'application/octet-stream')
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded, e.total)
    xhr.onload = () => {
      if (xhr.status === 401) window.location.assign(`/admin/entrar?volta=${encodeURIComponent(window.location.pathname)}`)
      if (xhr.status >= 200 && xhr.status < 300) return resolve({ ok: true })
      let msg = 'Não foi possível enviar a imagem. Tente de novo.'
      try {
        msg = (JSON.parse(xhr.responseText) as { msg?: string }).msg ?? msg
      } catch {
        // not JSON (a proxy's page): the general message
      }
      resolve({ ok: false, msg })
    }
    xhr.onerror = () => resolve({ ok: false, msg: 'Sem conexão com a loja: a imagem não foi enviada.' })
    xhr.send(file)
  })
}

/**
 * Images: upload (drag and drop or picker, with progress: the one resource route), then order, main
 * image, alt text and delete through the page's action.
 */
export function ImagesSection({ productId, data, canWrite }: SectionProps<'images'> & { productId: number }) {
  const [images, setImages] = useState<Image[]>(data)
  const [uploads, setUploads] = useState<Upload[]>([])
  const [over, setOver] = useState(false)
  const [dragged, setDragged] = useState<number | null>(null)
  const change = useStaffAction()
  const busy = change.busy
  const revalidator = useRevalidator()
  const picker = useRef<HTMLInputElement>(null)
  const seq = useRef(0)
  useEffect(() => setImages(data), [data])

  async function uploadFiles(files: File[]) {
    if (!files.length) return
    const queued = files.map((file) => {
      const early = !ACCEPTED.has(file.type) && file.type !== '' ? IMAGES.format.message : file.size > MAX_UPLOAD_BYTES ? IMAGES.tooLarge.message : undefined
      return { file, up: { key: ++seq.current, name: file.name, loaded: 0, total: file.size, error: early } }
    })
    setUploads((u) => [...u, ...queued.map((q) => q.up)])
    let sent = 0
    // One at a time: the order of the files is the order of the images.
    for (const { file, up } of queued) {
      if (up.error) continue
      const result = await sendFile(productId, file, (loaded, total) => setUploads((u) => u.map((x) => (x.key === up.key ? { ...x, loaded, total } : x))))
      if (result.ok) {
        sent++
        setUploads((u) => u.filter((x) => x.key !== up.key))
      } else {
        setUploads((u) => u.map((x) => (x.key === up.key ? { ...x, error: result.msg } : x)))
      }
    }
    if (sent) {
      toast.success(sent === 1 ? 'Imagem enviada.' : `${sent} imagens enviadas.`)
      void revalidator.revalidate()
    }
  }

  function reorder(ids: number[]) {
    const byId = new Map(images.map((i) => [i.id, i]))
    setImages(ids.map((id) => byId.get(id)!))
    change.submit('imagens-ordem', { ids })
  }

  function move(index: number, by: -1 | 1) {
    const ids = images.map((i) => i.id)
    const to = index + by
    if (to < 0 || to >= ids.length) return
    ;[ids[index], ids[to]] = [ids[to], ids[index]]
    reorder(ids)
  }

  function dropOn(target: number) {
    if (dragged == null || dragged === target) return setDragged(null)
    const ids = images.map((i) => i.id).filter((id) => id !== dragged)
    ids.splice(ids.indexOf(target) + (images.findIndex((i) => i.id === dragged) < images.findIndex((i) => i.id === target) ? 1 : 0), 0, dragged)
    setDragged(null)
    reorder(ids)
  }

  /** Files dropped anywhere on the section are uploaded (never opened by the browser instead). */
  const carriesFiles = (e: DragEvent) => dragged == null && e.dataTransfer.types.includes('Files')
  function onDrop(e: DragEvent) {
    if (!carriesFiles(e)) return
    e.preventDefault()
    setOver(false)
    if (canWrite) void uploadFiles([...e.dataTransfer.files])
  }

  return (
    <section
      aria-labelledby="sec-imagens"
      className="rounded-lg bg-white p-4 shadow-sm"
      onDragOver={(e) => {
        if (!carriesFiles(e)) return
        e.preventDefault()
        setOver(true)
      }}
      onDragLeave={(e) => !e.currentTarget.contains(e.relatedTarget as Node | null) && setOver(false)}
      onDrop={onDrop}
    >
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="sec-imagens" className="font-bold text-ink-900">
          Imagens
        </h2>
        <p className="text-sm text-ink-500">
          {images.length === 0 ? 'Nenhuma imagem' : images.length === 1 ? '1 imagem' : `${images.length} imagens`} · a primeira é a principal
        </p>
      </div>

      {canWrite ? (
        <div
          className={`mb-4 flex flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-4 py-6 text-center text-sm ${over ? 'border-brand-500 bg-brand-50' : 'border-ink-300 bg-ink-50'}`}
        >
          <p className="text-ink-700">Arraste imagens para cá ou</p>
          <button type="button" className="adm-btn" onClick={() => picker.current?.click()}>
            Escolher arquivos
          </button>
          <p className="text-xs text-ink-500">JPEG, PNG, WebP ou AVIF, até 10 MB cada.</p>
          <input
            ref={picker}
            type="file"
            accept={ACCEPTED_IMAGE_TYPES}
            multiple
            className="sr-only"
            aria-label="Escolher imagens do produto"
            data-testid="image-picker"
            onChange={(e) => {
              const files = [...(e.target.files ?? [])]
              e.target.value = ''
              void uploadFiles(files)
            }}
          />
        </div>
      ) : null}

      {uploads.length ? (
        <ul className="mb-4 flex flex-col gap-2" aria-label="Envios">
          {uploads.map((u) => (
            <li key={u.key} className="text-sm">
              <div className="flex items-center justify-between gap-2">
                <span className="truncate text-ink-700">{u.name}</span>
                {u.error ? (
                  <button type="button" className="text-xs text-ink-500 underline" onClick={() => setUploads((list) => list.filter((x) => x.key !== u.key))}>
                    Dispensar
                  </button>
                ) : (
                  <span className="shrink-0 text-xs text-ink-500">
                    {(u.loaded / MB).toFixed(1)} de {(u.total / MB).toFixed(1)} MB
                  </span>
                )}
              </div>
              {u.error ? (
                <p role="alert" className="text-danger-600">
                  {u.error}
                </p>
              ) : (
                <progress className="mt-1 h-2 w-full accent-brand-600" max={u.total || 1} value={u.loaded} aria-label={`Enviando ${u.name}`} />
              )}
            </li>
          ))}
        </ul>
      ) : null}

      {images.length ? (
        <ol className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3" aria-label="Imagens do produto, na ordem da loja">
          {images.map((image, index) => (
            <li
              key={image.id}
              draggable={canWrite && !busy}
              onDragStart={(e) => {
                setDragged(image.id)
                e.dataTransfer.effectAllowed = 'move'
              }}
              onDragEnd={() => setDragged(null)}
              onDragOver={(e) => dragged != null && e.preventDefault()}
              onDrop={(e) => {
                if (dragged == null) return
                e.preventDefault()
                e.stopPropagation()
                dropOn(image.id)
              }}
              className={`flex gap-3 rounded-lg border p-2 ${index === 0 ? 'border-brand-500' : 'border-ink-100'} ${dragged === image.id ? 'opacity-50' : ''}`}
              data-testid="product-image"
            >
              <ImageCard
                image={image}
                index={index}
                last={index === images.length - 1}
                canWrite={canWrite}
                busy={busy}
                move={(by) => move(index, by)}
                onMain={() => change.submit('imagem-principal', { imagem: image.id })}
                onDelete={() => change.submit('imagem-excluir', { imagem: image.id })}
              />
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-ink-500">Este produto ainda não tem imagens: a loja mostra uma imagem neutra no lugar.</p>
      )}
    </section>
  )
}
