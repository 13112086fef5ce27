import type { StoreProfile } from '../../store-profile'
import type { Mail } from './mailer'

/**
 * pt-BR e-mails of the account flows, as HTML and plain text. The footer carries the store's
 * name, address and CNPJ (Decreto 7.962/2013). Every value from a person is escaped.
 */

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

function footer(store: StoreProfile): { text: string; html: string } {
  const e = store.endereco
  const address = `${e.logradouro}, ${e.numero}${e.complemento ? ` – ${e.complemento}` : ''} · ${e.bairro} · ${e.cidade}/${e.uf} · CEP ${e.cep}`
  const line = `${store.razaoSocial} · CNPJ ${store.cnpj}`
  return {
    text: `--\n${store.nome}\n${address}\n${line}\nAtendimento: ${store.email}`,
    html: `<p style="margin-top:32px;border-top:1px solid #e2e8f0;padding-top:12px;color:#64748b;font-size:12px">${escapeHtml(store.nome)}<br>${escapeHtml(address)}<br>${escapeHtml(line)}<br>Atendimento: ${escapeHtml(store.email)}</p>`,
  }
}

/** One message: paragraphs of text, an optional button (label and absolute link); order e-mails use it too. */
export function compose(store: StoreProfile, to: string, subject: string, paragraphs: string[], action?: { label: string; url: string }): Mail {
  const f = footer(store)
  const text = [...paragraphs, ...(action ? [`${action.label}: ${action.url}`] : []), f.text].join('\n\n')
  const button = action
    ? `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#173b9e;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">${escapeHtml(action.label)}</a></p><p style="color:#64748b;font-size:12px">Se o botão não abrir, copie este endereço: ${escapeHtml(action.url)}</p>`
    : ''
  const html = `<!doctype html><html lang="pt-BR"><body style="font-family:Arial,sans-serif;color:#0f172a;max-width:560px;margin:auto;padding:24px"><h1 style="color:#173b9e;font-size:20px">${escapeHtml(store.nome)}</h1>${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}${button}${f.html}</body></html>`
  return { to, subject, text, html }
}

/**
 * A marketing e-mail (the newsletter's, its confirmation included): `compose`'s message with the
 * way out in its text and a `List-Unsubscribe` header, so the mail program offers it too. Every
 * marketing e-mail is made here.
 */
export function marketingMail(
  store: StoreProfile,
  to: string,
  subject: string,
  paragraphs: string[],
  action: { label: string; url: string } | undefined,
  unsubscribeUrl: string,
): Mail {
  const mail = compose(store, to, subject, [...paragraphs, `Para não receber mais nossos e-mails, cancele a inscrição: ${unsubscribeUrl}`], action)
  return { ...mail, headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>` } }
}

export function welcomeMail(store: StoreProfile, to: string, nome: string, origin: string): Mail {
  return compose(store, to, `Boas-vindas à ${store.nome}`, [`Olá, ${nome}!`, 'Sua conta foi criada. Agora você acompanha seus pedidos e compra mais rápido.'], {
    label: 'Abrir Minha Conta',
    url: `${origin}/cliente/conta/`,
  })
}

export function recoveryMail(store: StoreProfile, to: string, nome: string, url: string): Mail {
  return compose(
    store,
    to,
    'Crie uma nova senha',
    [
      `Olá, ${nome}!`,
      'Recebemos um pedido para criar uma nova senha na sua conta. O link abaixo vale por 1 hora e pode ser usado uma vez.',
      'Se não foi você, ignore este e-mail: sua senha continua a mesma.',
    ],
    { label: 'Criar nova senha', url },
  )
}

export function passwordChangedMail(store: StoreProfile, to: string, nome: string): Mail {
  return compose(store, to, 'Sua senha foi alterada', [
    `Olá, ${nome}!`,
    'A senha da sua conta acabou de ser alterada e as outras sessões foram encerradas.',
    `Se não foi você, fale com o atendimento: ${store.email}.`,
  ])
}

export function deletionMail(store: StoreProfile, to: string, nome: string): Mail {
  return compose(store, to, 'Seus dados pessoais foram excluídos', [
    `Olá, ${nome}.`,
    'Atendemos seu pedido: os dados pessoais da sua conta foram anonimizados e a conta foi encerrada.',
    'Os registros dos pedidos já feitos ficam guardados pelo prazo que a lei fiscal exige.',
  ])
}
