// The one Chromium our scripts and the e2e suite drive (lighthouse, screenshots, tests/e2e/browser.ts):
// where it is and the flags that keep a headless run quiet and offline apart from the store it looks at.

/** The Chromium binary: CHROMIUM_PATH, else the system's. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** Flags for a sandbox-free, GPU-free run that fetches nothing of its own (no updates, no sync, no QUIC). */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
