/** 'Carregando itens do carrinho...' and three skeleton lines: the side panel and the cart page until `listar-carrinho` answers. */
export function LoadingLines({
  text,
  listClassName,
  lineClassName,
  imageClassName,
}: {
  text: string
  listClassName: string
  lineClassName: string
  imageClassName: string
}) {
  return (
    <>
      <p className="text-sm text-ink-500" role="status">
        {text}
      </p>
      <ul className={listClassName} aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <li key={i} className={lineClassName}>
            <span className={`skeleton shrink-0 ${imageClassName}`} />
            <span className="flex-1 space-y-2">
              <span className="skeleton block h-4 w-4/5" />
              <span className="skeleton block h-4 w-2/5" />
            </span>
          </li>
        ))}
      </ul>
    </>
  )
}
