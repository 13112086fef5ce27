import { LIMITS } from '../limits'

/**
 * Address book and CEP messages: pt-BR sentences both sides show, without zod, so a page that only shows them ships these
 * lines and not zod's runtime with the schemas (decision 0060). contract/address.ts re-exports them. The refusals made
 * from them are in address-reasons.ts.
 */

export const ADDRESS_MESSAGES = {
  /** CEP entry. */
  cepFormato: 'Formato de cep inválido!',
  cepInexistente: 'Cep inexistente!',
  consulta: 'Consulta de CEP inválida. Informe o CEP novamente.',
  /** "Add address", in the order they are checked. */
  nome: 'Preencha o campo de nome!',
  sobrenome: 'Preencha o campo de sobrenome!',
  telefone: 'Preencha o campo de telefone!',
  telefoneFormato: 'Preencha corretamente o campo de telefone!',
  /** Only when the CEP is city-wide and the shopper types bairro and rua (decision 0018). */
  bairro: 'Preencha o campo de bairro!',
  rua: 'Preencha o campo de rua!',
  numero: 'Preencha o campo de numero!',
  numeroFormato: 'Preencha corretamente o campo de numero!',
  complemento: 'Preencha o campo de complemento!',
  nomeLongo: `O nome pode ter no máximo ${LIMITS.name} caracteres.`,
  sobrenomeLongo: `O sobrenome pode ter no máximo ${LIMITS.name} caracteres.`,
  complementoLongo: `O complemento pode ter no máximo ${LIMITS.text} caracteres.`,
  nomeFormato: 'Preencha corretamente o campo de nome!',
  sobrenomeFormato: 'Preencha corretamente o campo de sobrenome!',
  complementoFormato: 'Preencha corretamente o campo de complemento!',
  bairroFormato: 'Preencha corretamente o campo de bairro!',
  ruaFormato: 'Preencha corretamente o campo de rua!',
  bairroLongo: `O bairro pode ter no máximo ${LIMITS.name} caracteres.`,
  ruaLongo: `A rua pode ter no máximo ${LIMITS.text} caracteres.`,
  /** At most MAX_ADDRESSES per customer. */
  limite: 'Você já tem 20 endereços salvos. Exclua um para adicionar outro.',
  endereco: 'Endereço não encontrado.',
  /** More CEP look-ups than the store allows in 10 minutes. */
  consultasDemais: 'Muitas consultas de CEP. Tente novamente em alguns minutos.',
  /** Progress toasts. */
  buscando: 'Buscando...',
  buscaConcluida: 'Busca concluída',
  salvando: 'Salvando...',
  salvo: 'Endereço salvo',
} as const

/** Addresses a customer may keep. */
export const MAX_ADDRESSES = 20
