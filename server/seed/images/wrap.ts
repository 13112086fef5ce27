/** Splits `value` into at most `maxLines` lines of about `width` characters, at word boundaries. */
export function wrapWords(value: string, width: number, maxLines: number): string[] {
  const lines: string[] = []
  for (const word of value.split(' ')) {
    const last = lines[lines.length - 1]
    if (last !== undefined && `${last} ${word}`.length <= width) lines[lines.length - 1] = `${last} ${word}`
    else lines.push(word)
  }
  return lines.slice(0, maxLines)
}
