/**
 * Sent with every answer (the micro-cache adds them to the answers it keeps; app.ts to the rest).
 * Pages replace the CSP with their own, nonce and all (csp.ts); this one is for everything else
 * (JSON, media): nothing may run or be framed.
 */
export const SECURITY_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
}

/** One year, once a browser has seen the store over https (app.ts: https answers only). */
export const HSTS = 'max-age=31536000'
