import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { customers, staff } from '../../db/schema'
import type { Env } from '../../env'
import { DEMO_EMAIL } from '../../seed/customer'
import { DEMO_STAFF } from '../../seed/staff'
import type { StoreProfile } from '../../store-profile'

/** The demo's own store profile (config/store.json as committed): a CNPJ and a Pix key nobody owns. */
const DEMO_PROFILE = { cnpj: '11.222.333/0001-81', pixChave: '11222333000181' }

export type ChecklistItem = {
  chave: 'modo' | 'endereco' | 'pagamentos' | 'email' | 'contasDemo' | 'duasEtapas' | 'perfil'
  /** True: this point is ready for a store on the internet. */
  ok: boolean
  titulo: string
  /** What is wrong now (ok: false) or what is in place (ok: true). */
  situacao: string
  /** How to fix it; the README's "Colocar a loja no ar" lists the same steps. */
  correcao: string
}

/**
 * "Antes de abrir a loja" (the Dono's Painel, docs/decisions/0122-live-mode.md): each thing that is
 * still unsafe or missing for a store on the internet, read from the running configuration and the
 * database as they are now — two indexed counts, no password hashing.
 */
export async function goLiveChecklist(
  db: Db,
  env: Pick<Env, 'STORE_MODE' | 'PUBLIC_URL' | 'PAYMENT_PROVIDER' | 'SMTP_URL'>,
  store: Pick<StoreProfile, 'cnpj' | 'pix'>,
): Promise<ChecklistItem[]> {
  const demoEmails = DEMO_STAFF.map((p) => p.email)
  const [[demoStaff], [demoCustomer], [withoutTotp]] = await Promise.all([
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(staff)
      .where(and(inArray(staff.email, demoEmails), eq(staff.active, true))),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(customers)
      .where(and(eq(customers.email, DEMO_EMAIL), eq(customers.status, 'active'))),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(staff)
      .where(and(eq(staff.active, true), isNull(staff.totpSecret))),
  ])
  const live = env.STORE_MODE === 'live'
  const https = env.PUBLIC_URL?.startsWith('https://') === true
  const demoAccounts = demoStaff.n + demoCustomer.n
  const demoProfile = store.cnpj === DEMO_PROFILE.cnpj || store.pix.chave === DEMO_PROFILE.pixChave
  return [
    {
      chave: 'modo',
      ok: live,
      titulo: 'Modo da loja',
      situacao: live ? 'Modo live: nada de demonstração é criado.' : 'A loja está em modo demonstração.',
      correcao: 'Inicie a loja com STORE_MODE=live (com PUBLIC_URL, SECRETS_KEY e PAYMENT_PROVIDER).',
    },
    {
      chave: 'endereco',
      ok: https,
      titulo: 'Endereço público (PUBLIC_URL)',
      situacao: https ? `Os links apontam para ${env.PUBLIC_URL}.` : 'Sem endereço https: os links dos e-mails e das páginas não apontam para a loja.',
      correcao: 'Defina PUBLIC_URL com o endereço https da loja, por exemplo https://www.minhaloja.com.br.',
    },
    {
      chave: 'pagamentos',
      ok: env.PAYMENT_PROVIDER === 'mercadopago',
      titulo: 'Pagamentos',
      situacao: env.PAYMENT_PROVIDER === 'mercadopago' ? 'Mercado Pago configurado.' : 'Provedor sandbox: nenhum pagamento é real.',
      correcao: 'Defina PAYMENT_PROVIDER=mercadopago com as credenciais de produção (README, "Pagamentos reais").',
    },
    {
      chave: 'email',
      ok: Boolean(env.SMTP_URL),
      titulo: 'E-mail',
      situacao: env.SMTP_URL ? 'E-mails enviados pelo servidor SMTP.' : 'Sem SMTP_URL: os e-mails ficam em arquivos na pasta outbox e ninguém os recebe.',
      correcao: 'Defina SMTP_URL (smtp:// ou smtps://) e MAIL_FROM.',
    },
    {
      chave: 'contasDemo',
      ok: demoAccounts === 0,
      titulo: 'Contas de demonstração',
      situacao: demoAccounts ? `${demoAccounts} conta(s) de demonstração ativa(s), com senha publicada no README.` : 'Nenhuma conta de demonstração ativa.',
      correcao: 'Desative as contas *.demo@example.com em Equipe e exclua a conta do cliente de demonstração em Clientes (botão "Excluir conta (LGPD)").',
    },
    {
      chave: 'duasEtapas',
      ok: withoutTotp.n === 0,
      titulo: 'Verificação em duas etapas',
      situacao: withoutTotp.n ? `${withoutTotp.n} pessoa(s) da equipe sem verificação em duas etapas.` : 'Toda a equipe ativa usa verificação em duas etapas.',
      correcao: 'Cada pessoa ativa a verificação em Segurança; um Dono vê quem falta em Equipe.',
    },
    {
      chave: 'perfil',
      ok: !demoProfile,
      titulo: 'Dados da loja',
      situacao: demoProfile ? 'config/store.json ainda é o da demonstração (CNPJ e chave Pix de exemplo).' : 'Dados da loja próprios em config/store.json.',
      correcao: 'Edite config/store.json com nome, CNPJ, endereço, chave Pix e contatos da sua loja e reinicie.',
    },
  ]
}
