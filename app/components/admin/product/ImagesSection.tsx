import type { SectionProps } from './sections'

/** Images: upload (drag and drop or picker, with progress), order, main image, alt text, delete. */
export function ImagesSection({ data }: SectionProps<'images'>) {
  return (
    <section aria-labelledby="sec-imagens" className="rounded-lg bg-white p-4 shadow-sm">
      <h2 id="sec-imagens" className="mb-2 font-bold text-ink-900">Imagens</h2>
      <p className="text-sm text-ink-700">{data.length} imagens</p>
    </section>
  )
}
