/** Accepted payment marks drawn inline (Visa, Mastercard, Pix, Boleto). */
export function PaymentBadges() {
  const box = 'flex h-8 w-12 items-center justify-center rounded-md bg-white shadow-sm'
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Formas de pagamento">
      <li className={box} title="Visa">
        <svg viewBox="0 0 48 16" width="40" height="14" role="img" aria-label="Visa">
          <text x="24" y="13.5" textAnchor="middle" fontFamily="Arial, sans-serif" fontSize="15" fontWeight="900" fontStyle="italic" fill="#1a1f71">
            VISA
          </text>
        </svg>
      </li>
      <li className={box} title="Mastercard">
        <svg viewBox="0 0 40 24" width="34" height="20" role="img" aria-label="Mastercard">
          <circle cx="15" cy="12" r="9" fill="#eb001b" />
          <circle cx="25" cy="12" r="9" fill="#f79e1b" />
          <path d="M20 4.5a9 9 0 0 1 0 15 9 9 0 0 1 0-15z" fill="#ff5f00" />
        </svg>
      </li>
      <li className={`${box} text-[11px] font-bold text-pix-600`} title="Pix">
        Pix
      </li>
      <li className={`${box} text-[10px] font-bold text-ink-700`} title="Boleto">
        Boleto
      </li>
    </ul>
  )
}
