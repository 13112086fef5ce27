import { PixIcon, ShieldIcon, TruckIcon } from '../ui/icons'

type Props = { pixDesconto: number; maxParcelas: number }

function CardIcon(props: { width?: number; height?: number }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={props.width ?? 24}
      height={props.height ?? 24}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      aria-hidden="true"
    >
      <rect x="3" y="5.5" width="18" height="13" rx="2" />
      <path d="M3 10h18M7 15h4" />
    </svg>
  )
}

/** The store's promises under the slideshow, from the store profile (Pix %, instalments). */
export function TrustStrip({ pixDesconto, maxParcelas }: Props) {
  const items = [
    { icon: PixIcon, title: `${pixDesconto}% de desconto no Pix`, text: 'Aprovação na hora', tone: 'text-pix-600 bg-pix-50' },
    { icon: CardIcon, title: `Até ${maxParcelas}x sem juros`, text: 'Nos cartões Visa e Mastercard', tone: 'text-brand-700 bg-brand-50' },
    { icon: TruckIcon, title: 'Entrega para todo o Brasil', text: 'Frete calculado pelo CEP', tone: 'text-accent-600 bg-orange-50' },
    { icon: ShieldIcon, title: 'Compra 100% segura', text: 'Seus dados protegidos', tone: 'text-brand-700 bg-brand-50' },
  ]
  return (
    <ul aria-label="Vantagens da loja" className="grid grid-cols-2 gap-2 sm:gap-3 lg:grid-cols-4">
      {items.map(({ icon: Icon, title, text, tone }) => (
        <li key={title} className="flex items-start gap-2.5 rounded-card bg-white px-3 py-2.5 shadow-card ring-1 ring-ink-100 sm:gap-3 sm:px-4 sm:py-3">
          <span className={`flex h-9 w-9 shrink-0 items-center justify-center rounded-full sm:h-11 sm:w-11 ${tone}`}>
            <Icon width={22} height={22} />
          </span>
          <span className="min-w-0">
            <strong className="block text-[12.5px] leading-tight font-bold text-ink-900 sm:text-sm">{title}</strong>
            <span className="hidden text-xs leading-tight text-ink-500 sm:block">{text}</span>
          </span>
        </li>
      ))}
    </ul>
  )
}
