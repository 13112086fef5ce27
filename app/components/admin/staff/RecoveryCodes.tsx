/** The recovery codes, shown once (after enrolling TOTP, or when made again in Segurança). */
export function RecoveryCodes({ codigos }: { codigos: string[] }) {
  return (
    <div className="mt-3" data-testid="codigos-recuperacao">
      <p className="text-sm text-ink-700">
        Guarde estes códigos de recuperação em um lugar seguro (impressos ou num gerenciador de senhas). Cada um entra <strong>uma vez</strong> no lugar do
        código do aplicativo, se você perder o celular. <strong>Eles não serão mostrados de novo.</strong>
      </p>
      <ul className="mt-3 grid grid-cols-2 gap-2 rounded-lg border border-ink-100 bg-ink-50 p-3 font-mono text-sm text-ink-900">
        {codigos.map((c) => (
          <li key={c} className="text-center">
            {c}
          </li>
        ))}
      </ul>
      <button type="button" className="adm-btn-ghost mt-3" onClick={() => void navigator.clipboard?.writeText(codigos.join('\n'))}>
        Copiar códigos
      </button>
    </div>
  )
}
