import { cleanText } from '../db/sql'

/**
 * People's words — reviews, messages, replies, a refusal's explanation — are kept as plain text:
 * control characters out, line breaks kept, nothing else touched. They are always shown escaped
 * and never linkified (docs/decisions/0080-reviews-plain-text.md).
 */
export function plainText(value: string): string {
  return value
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => cleanText(line).replace(/\s+$/, ''))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}
