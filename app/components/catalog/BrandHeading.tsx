/** The brand listings' heading, worded as the spec has it: 'resultado para marca: {titulo}'. */
export function BrandHeading({ marca, categoria }: { marca: string; categoria?: string }) {
  return (
    <>
      <span className="block text-sm font-medium text-ink-500">resultado para marca:</span> <span className="text-ink-900">{marca}</span>
      {categoria ? (
        <>
          {' '}
          <span className="text-ink-500">em</span> <span className="text-brand-700">{categoria}</span>
        </>
      ) : null}
    </>
  )
}
