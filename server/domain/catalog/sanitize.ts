import sanitizeHtml from 'sanitize-html'

/** Product descriptions keep structure only: no attributes, links, images, scripts or styles. */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 'ul', 'ol', 'li', 'h3', 'h4', 'table', 'thead', 'tbody', 'tr', 'th', 'td'],
  allowedAttributes: {},
  disallowedTagsMode: 'discard',
  transformTags: { b: 'strong', i: 'em', h1: 'h3', h2: 'h3', h5: 'h4', h6: 'h4' },
}

/** Sanitises description HTML; writers call it before storing and the product page again when reading. */
export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim()
}
