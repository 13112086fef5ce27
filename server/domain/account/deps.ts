import type { Logger } from 'pino'
import type { Db } from '../../db/client'
import type { Env } from '../../env'
import type { StoreProfile } from '../../store-profile'

/** What the account flows need: the database, settings, the store profile (e-mail footer) and a log. */
export type AccountDeps = { db: Db; env: Env; store: StoreProfile; log: Logger }
