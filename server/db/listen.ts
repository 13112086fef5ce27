import postgres from 'postgres'

/** What a LISTENing instance hears: a notification, its connection lost, the connection back. */
export type ListenEvents = {
  notify(payload: string): void
  /** The connection dropped, or another try to get it back failed (`again`): notifications may be missed. */
  lost(err: unknown, again: boolean): void
  /** LISTENing again after a loss: what changed meanwhile was never heard. */
  restored(): void
}

export type Listening = { close(): Promise<void> }

/** How long between tries to LISTEN again after the connection dropped. */
export const RELISTEN_MS = 250

/**
 * LISTEN on a PostgreSQL server through a connection of its own (never the pool's: a pooled
 * connection goes back to the pool and its LISTEN with it). postgres.js reconnects when asked to run
 * a statement; we ask every RELISTEN_MS until LISTEN succeeds, saying `lost` on every failed try.
 */
export async function listenPostgres(url: string, channel: string, events: ListenEvents): Promise<Listening> {
  let closing = false
  let lost = false
  let retry: NodeJS.Timeout | undefined
  const client = postgres(url, {
    max: 1,
    idle_timeout: 0,
    max_lifetime: null,
    onnotice: () => {},
    onnotify: (name: string, payload: string) => {
      if (name === channel) events.notify(payload)
    },
    onclose: () => {
      if (!closing) drop(new Error('a conexão que escuta o banco caiu'))
    },
  } as postgres.Options<Record<string, postgres.PostgresType>>)
  const listen = () => client.unsafe(`LISTEN ${channel}`)

  function drop(err: unknown) {
    events.lost(err, lost)
    lost = true
    clearTimeout(retry)
    retry = setTimeout(() => {
      if (closing) return
      listen().then(
        () => {
          if (closing || !lost) return
          lost = false
          events.restored()
        },
        (e: unknown) => {
          if (!closing) drop(e)
        },
      )
    }, RELISTEN_MS)
  }

  await listen()
  return {
    close: async () => {
      closing = true
      clearTimeout(retry)
      await client.end({ timeout: 1 })
    },
  }
}
