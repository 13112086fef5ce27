import { useRef, useState, type FormEvent } from 'react'
import type { ImportView } from '../../../../contract/admin/catalog-columns'
import { ErrorNote } from '~/components/admin/Field'

/** Sends the file's bytes as they are (the server detects the encoding) to the upload's resource route. */
async function sendFile(file: File): Promise<{ ok: true; view: ImportView } | { ok: false; msg: string }> {
  try {
    const res = await fetch(`/admin/api/importacoes?arquivo=${encodeURIComponent(file.name)}`, {
      method: 'POST',
      headers: { 'content-type': 'text/csv' },
      body: file,
      credentials: 'same-origin',
    })
    if (res.status === 401) window.location.assign(`/admin/entrar?volta=${encodeURIComponent(window.location.pathname)}`)
    const body = (await res.json().catch(() => ({}))) as { importacao?: ImportView; msg?: string }
    if (res.ok && body.importacao) return { ok: true, view: body.importacao }
    return { ok: false, msg: body.msg ?? (res.status === 413 ? 'Arquivo grande demais (até 20 MB).' : 'Não foi possível enviar o arquivo. Tente novamente.') }
  } catch {
    return { ok: false, msg: 'Sem conexão com a loja. Confira a internet e tente novamente.' }
  }
}

/** "Enviar planilha": the file goes to the dry run, which changes nothing in the store. */
export function UploadForm({ onAnalysed }: { onAnalysed: (view: ImportView) => void }) {
  const [file, setFile] = useState<File | null>(null)
  const [erro, setErro] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const input = useRef<HTMLInputElement>(null)

  async function analisar(e: FormEvent) {
    e.preventDefault()
    if (!file) return setErro('Escolha o arquivo CSV.')
    setErro(null)
    setSending(true)
    const result = await sendFile(file)
    setSending(false)
    if (!result.ok) return setErro(result.msg)
    setFile(null)
    if (input.current) input.current.value = ''
    onAnalysed(result.view)
  }

  return (
    <>
      <form onSubmit={analisar} className="adm-card mb-6 flex flex-col gap-3 p-4 sm:flex-row sm:items-end" aria-label="Enviar planilha">
        <div className="min-w-0 flex-1">
          <label htmlFor="arquivo" className="adm-label">
            Arquivo CSV
          </label>
          <input
            ref={input}
            id="arquivo"
            type="file"
            accept=".csv,text/csv"
            className="adm-input file:mr-3 file:rounded file:border-0 file:bg-ink-50 file:px-2 file:py-1"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
          <p className="mt-1 text-xs text-ink-500">
            Separado por ponto e vírgula (no Excel: “CSV UTF-8”), até 20 MB e 50.000 linhas. A análise não muda nada na loja.
          </p>
        </div>
        <button type="submit" className="adm-btn" disabled={sending || !file}>
          {sending ? 'Analisando…' : 'Analisar arquivo'}
        </button>
      </form>
      <ErrorNote>{erro}</ErrorNote>
    </>
  )
}
