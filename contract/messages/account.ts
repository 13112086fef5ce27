import { LIMITS } from '../limits'

/**
 * Login and account messages: pt-BR sentences both sides show, without zod, so a page that only shows them ships these
 * lines and not zod's runtime with the schemas (decision 0060). contract/auth.ts, account.ts re-exports them. The refusals made
 * from them are in account-reasons.ts.
 */

export const LOGIN_MESSAGES = {
  emailVazio: 'Preencha o campo email!',
  emailFormato: 'Formato de email inválido!',
  senhaVazia: 'Preencha o campo senha!',
  senhaLonga: 'Senha muito longa.',
  acesso: 'Acesso inválido ou expirado. Recomece o login.',
  contaNaoLocalizada: 'Conta não localizada!',
  senhaIncorreta: 'Senha incorreta!',
  acessoNegado: 'Acesso negado!',
} as const

/** Step success status, verbatim from the spec. */
export const STEP_SUCCESS = 'sucsess'
/** The `error` code that shows the access-denied (temporary suspension) screen. */
export const RATE_LIMIT_ERROR = 'rate-limit'

export const ACCOUNT_MESSAGES = {
  nomeVazio: 'Preencha o campo nome!',
  nomeInvalido: 'Use apenas letras no nome.',
  sobrenomeVazio: 'Preencha o campo sobrenome!',
  sobrenomeInvalido: 'Use apenas letras no sobrenome.',
  nomeLongo: `Use no máximo ${LIMITS.personName} caracteres.`,
  documentoVazio: 'Preencha o campo CPF ou CNPJ!',
  documentoInvalido: 'CPF ou CNPJ inválido. Confira os números digitados.',
  telefoneVazio: 'Preencha o campo telefone!',
  telefoneInvalido: 'Telefone inválido. Use (99) 9 9999-9999.',
  senhaCurta: 'A senha precisa ter pelo menos 8 caracteres, com letras e números.',
  senhaEspacos: 'A senha não pode ter espaços.',
  senhaLonga: `A senha pode ter no máximo ${LIMITS.password} caracteres.`,
  senhaIgualEmail: 'A senha não pode ser o seu e-mail.',
  senhaPublicada: 'Esta senha é a da loja de demonstração, publicada para qualquer pessoa. Escolha outra.',
  senhaFraca: 'Esta senha é fácil de adivinhar: é comum, já vazou ou lembra seu nome ou e-mail. Escolha outra, mais longa e menos previsível.',
  confirmacao: 'As senhas não conferem.',
  termos: 'Aceite os termos de uso e a política de privacidade para continuar.',
  captchaVazio: 'Confirme que você não é um robô.',
  captchaInvalido: 'A verificação anti-robô falhou. Faça a verificação novamente.',
  captchaUsado: 'Esta verificação já foi usada. Faça a verificação novamente.',
  emailEmUso: 'Este e-mail já está cadastrado.',
  limite: 'Muitas tentativas. Aguarde alguns minutos e tente novamente.',
  recuperacaoEnviada:
    'Se houver uma conta com este e-mail, enviamos um link para você criar uma nova senha. Confira sua caixa de entrada (e o spam); o link vale por 1 hora.',
  linkInvalido: 'Este link de recuperação é inválido, já foi usado ou expirou. Peça um novo.',
  senhaAtualVazia: 'Informe sua senha atual.',
  senhaAtualErrada: 'A senha atual não confere.',
  /** What requireCustomer answers (the checkout shows a login prompt on 'auth'). */
  auth: 'auth',
} as const
