import { reasons } from './reason'
import { LIMITS } from '../limits'

/**
 * The back office's people and access: the login (with TOTP), the guard of every page and call,
 * invitations, TOTP enrolment and the Equipe's rules.
 */
export const STAFF = reasons('staff', {
  credentials: ['auth', 'E-mail ou senha incorretos.'],
  locked: ['rate_limited', 'Muitas tentativas. O acesso foi bloqueado por 15 minutos.'],
  wrongCode: ['invalid', 'Código incorreto ou vencido. Confira o relógio do celular e tente de novo.'],
  codeStepExpired: ['auth', 'A etapa de verificação expirou. Entre de novo com e-mail e senha.'],
  sessionEnded: ['auth', 'Sua sessão no painel terminou. Entre novamente.'],
  forbidden: ['forbidden', 'Seu perfil não tem permissão para esta ação.'],
  totpRequired: ['forbidden', 'Ative a verificação em duas etapas (Segurança) antes de gerenciar a equipe.'],
  totpAlreadyOn: ['conflict', 'A verificação em duas etapas já está ativa.'],
  totpNotStarted: ['conflict', 'Gere o QR code antes de confirmar o código.'],
  totpOff: ['conflict', 'Ative a verificação em duas etapas antes de gerar códigos de recuperação.'],
  enrolFirst: ['forbidden', 'Ative a verificação em duas etapas para continuar.'],
  wrongCurrentPassword: ['invalid', 'A senha atual não confere.'],
  invitationInvalid: ['invalid', 'Este convite expirou ou já foi usado. Peça um novo convite ao dono da loja.'],
  invitationLimited: ['rate_limited', 'Muitas tentativas de aceitar convites. Tente de novo em uma hora.'],
  emailTaken: ['conflict', 'Já existe uma pessoa da equipe com este e-mail.'],
  notFound: ['not_found', 'Pessoa da equipe não encontrada.'],
  notOneself: ['forbidden', 'Você não pode mudar o seu próprio perfil nem se desativar.'],
  lastOwner: ['conflict', 'A loja precisa de ao menos um Dono ativo.'],
  resetLimited: ['rate_limited', 'Muitos pedidos de nova senha. Tente de novo em uma hora.'],
  resetLinkInvalid: ['invalid', 'Este link expirou ou já foi usado. Peça um novo em "Esqueci minha senha".'],
})

/** The sentences of the staff forms' fields (zod's messages) and of the 403 page. */
export const STAFF_FIELDS = {
  codeFormat: 'Digite os 6 números do aplicativo autenticador.',
  nameEmpty: 'Informe o nome.',
  nameTooLong: `Use no máximo ${LIMITS.personName} caracteres.`,
  roleInvalid: 'Escolha um perfil: Dono, Operação ou Atendimento.',
  confirmation: 'As senhas não conferem.',
  passwordEmpty: 'Informe a senha.',
  dateInvalid: 'Data inválida (use AAAA-MM-DD).',
  activeInvalid: 'Campo ativo inválido.',
  forbiddenPage: 'Seu perfil não tem permissão para abrir esta página.',
} as const

/** What the back office says after a change of the staff. */
export const STAFF_DONE = {
  totpOn: 'Verificação em duas etapas ativada.',
  newCodes: 'Novos códigos de recuperação gerados; os anteriores não valem mais.',
  passwordChanged: 'Senha alterada. As suas outras sessões foram encerradas.',
  resetSent: 'Se este e-mail for de alguém da equipe, enviamos um link para criar uma nova senha. Ele vale por 30 minutos.',
  passwordReset: 'Senha redefinida. Entre com a nova senha.',
  invited: (email: string) => `Convite enviado para ${email}.`,
  roleChanged: (nome: string, role: string) => `${nome} agora é ${role}.`,
  deactivated: (nome: string) => `${nome} foi desativado(a); as sessões dele(a) foram encerradas.`,
  reactivated: (nome: string) => `${nome} foi reativado(a).`,
  totpRemoved: (nome: string) => `Verificação em duas etapas de ${nome} removida.`,
} as const
