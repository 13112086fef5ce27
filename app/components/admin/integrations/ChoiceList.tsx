/** One checkbox of a ChoiceList: the code sent and what it means. */
export type Choice = { value: string; label: string }

/**
 * A fieldset of checkboxes, each a code and what it means (a key's scopes, a webhook's events), with
 * the "choose at least one" message when `missing`.
 */
export function ChoiceList({
  id,
  legend,
  name,
  options,
  missing,
  missingText,
}: {
  id: string
  legend: string
  name: string
  options: readonly Choice[]
  missing: boolean
  missingText: string
}) {
  return (
    <fieldset aria-describedby={missing ? `${id}-erro` : undefined}>
      <legend className="adm-label">{legend}</legend>
      {missing ? (
        <p id={`${id}-erro`} role="alert" className="mb-2 text-xs text-danger-600">
          {missingText}
        </p>
      ) : null}
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((o) => (
          <label key={o.value} className="flex items-start gap-2 text-sm">
            <input type="checkbox" name={name} value={o.value} className="mt-1" />
            <span>
              <code className="text-xs">{o.value}</code> — {o.label}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}
