import { reasons } from './reason'

/** The back office's Categorias and Marcas: creating, renaming, moving, hiding and showing them. */
export const TAXONOMY = reasons('taxonomy', {
  badTitle: ['invalid', 'Informe o nome (até 120 caracteres).'],
  badLink: ['invalid', 'Link inválido: use só letras minúsculas sem acento, números e hífens (até 96 caracteres).'],
  badId: ['invalid', 'Identificador inválido.'],
  badParent: ['invalid', 'Categoria-mãe inválida.'],
  badHidden: ['invalid', 'Campo oculta inválido: use verdadeiro ou falso.'],
  categoryNotFound: ['not_found', 'Categoria não encontrada.'],
  brandNotFound: ['not_found', 'Marca não encontrada.'],
  parentNotFound: ['not_found', 'Categoria-mãe não encontrada.'],
  cycle: ['invalid', 'Uma categoria não pode ficar dentro dela mesma nem de uma de suas subcategorias.'],
  categoryLinkTaken: ['conflict', 'Este link já é de outra categoria: escolha outro.'],
  brandLinkTaken: ['conflict', 'Este link já é de outra marca: escolha outro.'],
  nothingToChange: ['invalid', 'Nada para mudar.'],
})

/** What the back office says after a change of a category or a brand (`path`: the storefront's old link). */
export const TAXONOMY_DONE = {
  categoryCreated: (titulo: string) => `Categoria “${titulo}” criada.`,
  brandCreated: (titulo: string) => `Marca “${titulo}” criada.`,
  categorySaved: (oldPath: string | null) => (oldPath ? `Categoria salva. O link antigo ${oldPath} leva ao novo.` : 'Categoria salva.'),
  brandSaved: (oldPath: string | null) => (oldPath ? `Marca salva. O link antigo ${oldPath} leva ao novo.` : 'Marca salva.'),
  hidden: (titulo: string) => `“${titulo}” foi ocultada da loja.`,
  shown: (titulo: string) => `“${titulo}” voltou a aparecer na loja.`,
} as const
