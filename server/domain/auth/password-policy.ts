import { ACCOUNT } from '../../../contract/messages/account-reasons'
import type { Reason } from '../../../contract/messages/reason'
import { isPublishedPassword } from './published-passwords'

/**
 * What a new password must not be, beyond the form's rules (length, no spaces, letters and
 * numbers): the person's own e-mail, or anything zxcvbn-ts judges easy to guess — common and
 * leaked passwords, words of its Portuguese and common dictionaries, keyboard walks, dates, and
 * the person's own name and e-mail, the store's name — and the demo's published passwords
 * (docs/decisions/0123-limits-that-hold.md). Server only: the
 * dictionaries weigh megabytes and never reach a page; they load at the first password set.
 * Every place a password is set calls this (registration, reset, change; staff too).
 */
export type PasswordOwner = { email: string; nome?: string | null; sobrenome?: string | null }

/** zxcvbn's score (0–4) a new password needs: 2 is "hard to guess online" (about 10^6 guesses or more). */
export const MIN_PASSWORD_SCORE = 2

type Checker = { check(password: string, userInputs?: (string | number)[]): { score: number } }
let checker: Promise<Checker> | null = null

function load(): Promise<Checker> {
  checker ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common'), import('@zxcvbn-ts/language-pt-br')]).then(
    ([{ ZxcvbnFactory }, common, ptBr]) =>
      new ZxcvbnFactory({
        dictionary: { ...common.dictionary, ...ptBr.dictionary },
        graphs: common.adjacencyGraphs,
        translations: ptBr.translations,
      }),
  )
  return checker
}

/** The words of the person the password must not lean on: the e-mail, its parts, the names, the store's name. */
function ownWords(owner: PasswordOwner, storeName: string): string[] {
  const email = owner.email.trim().toLowerCase()
  const local = email.split('@')[0] ?? ''
  const names = `${owner.nome ?? ''} ${owner.sobrenome ?? ''}`.split(/\s+/)
  return [
    email,
    local,
    local.replace(/[._+-]+/g, ''),
    ...local.split(/[._+-]+/),
    ...names,
    names.join(''),
    ...storeName.split(/\s+/),
    storeName.replace(/\s+/g, ''),
  ]
    .map((w) => w.trim().toLowerCase())
    .filter((w) => w.length >= 3)
}

/** Why `password` may not be set for `owner` in the store named `storeName`, or null when it may. */
export async function passwordRefusal(password: string, owner: PasswordOwner, storeName: string): Promise<Reason | null> {
  if (password.toLowerCase() === owner.email.trim().toLowerCase()) return ACCOUNT.senhaIgualEmail
  if (isPublishedPassword(password)) return ACCOUNT.senhaPublicada
  const { score } = (await load()).check(password, ownWords(owner, storeName))
  return score < MIN_PASSWORD_SCORE ? ACCOUNT.senhaFraca : null
}
