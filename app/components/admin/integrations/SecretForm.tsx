import { useState, type ReactNode } from 'react'
import { useStaffAction } from '~/lib/admin-action'
import { ChoiceList, type Choice } from './ChoiceList'
import { SecretOnce } from './SecretOnce'

/**
 * The page's two "make one" forms (a key, a webhook): a title, the form's own fields, a list of
 * codes to choose (at least one), the button; once made, the secret the answer carries under
 * `secret` is shown here once.
 */
export function SecretForm<I extends string, S extends string>({
  id,
  title,
  intent,
  secret,
  fields,
  choices,
  payload,
  submitLabel,
  secretLabel,
  testId,
}: {
  id: string
  title: string
  intent: I
  secret: S
  fields: ReactNode
  choices: { name: string; legend: string; options: Choice[]; missingText: string }
  /** The intent's fields from the form, the chosen codes given. */
  payload: (form: FormData, chosen: string[]) => Record<string, unknown>
  submitLabel: string
  secretLabel: string
  /** The shown secret's test id. */
  testId: string
}) {
  const [shown, setShown] = useState<string | null>(null)
  const [missing, setMissing] = useState(false)
  const make = useStaffAction<({ ok: true; msg?: string } & Record<S, string>) | { ok: false; code: string; msg: string }>({
    key: intent,
    onDone: (a) => setShown(a[secret]),
  })
  return (
    <section className="adm-card mt-6 grid gap-4 p-5" aria-labelledby={`${id}-titulo`}>
      <h2 id={`${id}-titulo`} className="text-base font-semibold text-ink-900">
        {title}
      </h2>
      <form
        className="grid gap-4"
        onSubmit={(e) => {
          e.preventDefault()
          const form = new FormData(e.currentTarget)
          const chosen = form.getAll(choices.name).map(String)
          setShown(null)
          setMissing(chosen.length === 0)
          if (chosen.length) make.submit(intent, payload(form, chosen))
        }}
      >
        {fields}
        <ChoiceList
          id={`${id}-${choices.name}`}
          legend={choices.legend}
          name={choices.name}
          options={choices.options}
          missing={missing}
          missingText={choices.missingText}
        />
        <div>
          <button type="submit" className="adm-btn" disabled={make.busy}>
            {submitLabel}
          </button>
        </div>
      </form>
      {shown ? <SecretOnce value={shown} label={secretLabel} testId={testId} /> : null}
    </section>
  )
}
