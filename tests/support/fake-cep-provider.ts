import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/** What the fake answers for one CEP: a JSON value (or raw text), its status, and how long it waits. */
export type FakeAnswer = { status?: number; json?: unknown; raw?: string; delayMs?: number }

export type FakeProvider = {
  /** Base URL for CEP_PROVIDER_URL (`{url}/{cep}/json/`). */
  url: string
  /** CEPs asked, in order. */
  asked: string[]
  close(): Promise<void>
}

/**
 * A ViaCEP-compatible provider on loopback (127.0.0.1, a free port) whose answers the test decides.
 * `answer` returns null for an unknown path (404).
 */
export async function startFakeCepProvider(answer: (cep: string) => FakeAnswer | null): Promise<FakeProvider> {
  const asked: string[] = []
  const timers = new Set<NodeJS.Timeout>()
  const server: Server = createServer((req, res) => {
    const match = /^\/(\d{8})\/json\/$/.exec(req.url ?? '')
    const reply = match ? answer(match[1]) : null
    if (match) asked.push(match[1])
    const send = () => {
      if (!reply) {
        res.writeHead(404).end()
        return
      }
      const body = reply.raw ?? JSON.stringify(reply.json)
      res.writeHead(reply.status ?? 200, { 'content-type': 'application/json; charset=utf-8' }).end(body)
    }
    if (reply?.delayMs) {
      const timer = setTimeout(() => {
        timers.delete(timer)
        if (!res.destroyed) send()
      }, reply.delayMs)
      timers.add(timer)
    } else {
      send()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    asked,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer)
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** A loopback URL nobody listens on (connection refused): a port the system gave and took back. */
export async function refusedUrl(): Promise<string> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return `http://127.0.0.1:${port}`
}

/** ViaCEP's answer for a CEP, in its own shape (cep with a dash, erro as a string when unknown). */
export function viaCep(cep: string, fields: { logradouro: string; bairro: string; localidade: string; uf: string; ibge?: string }) {
  return { cep: `${cep.slice(0, 5)}-${cep.slice(5)}`, complemento: '', unidade: '', estado: '', regiao: '', gia: '', ddd: '', siafi: '', ibge: '', ...fields }
}
