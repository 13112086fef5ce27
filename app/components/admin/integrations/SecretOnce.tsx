/** A key or a signing secret the store keeps no copy of in clear: shown here once, to copy. */
export function SecretOnce({ value, label, testId }: { value: string; label: string; testId: string }) {
  return (
    <div role="status" className="rounded border border-ink-300 bg-ink-50 p-4 text-sm">
      <p className="font-medium text-ink-900">{label}</p>
      <code className="mt-2 block font-mono text-xs break-all select-all" data-testid={testId}>
        {value}
      </code>
    </div>
  )
}
