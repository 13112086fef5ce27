import type { z } from 'zod'

/**
 * Form checks in the browser with the contract's own schemas (the server parses the same ones), so
 * a field says the very sentence the server would: the first message per field, by name.
 */
export function fieldErrors(schema: z.ZodType, values: unknown): Record<string, string> {
  const parsed = schema.safeParse(values)
  const errors: Record<string, string> = {}
  if (parsed.success) return errors
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? '')
    if (key && !errors[key]) errors[key] = issue.message
  }
  return errors
}

/** The first message of one value against one field's schema, or ''. */
export function fieldError(schema: z.ZodType, value: unknown): string {
  const parsed = schema.safeParse(value)
  return parsed.success ? '' : (parsed.error.issues[0]?.message ?? '')
}

