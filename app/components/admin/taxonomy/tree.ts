type Node = { id: number; pai: number | null }

/** The tree in display order, each with its depth (a parent before its children). */
export function flatten<C extends Node>(list: C[]): Array<C & { depth: number }> {
  const children = new Map<number | null, C[]>()
  for (const c of list) children.set(c.pai, [...(children.get(c.pai) ?? []), c])
  const out: Array<C & { depth: number }> = []
  const walk = (parent: number | null, depth: number) => {
    for (const c of children.get(parent) ?? []) {
      out.push({ ...c, depth })
      if (depth < 8) walk(c.id, depth + 1)
    }
  }
  walk(null, 0)
  return out
}

/** Ids of the category and everything under it (not offered as its new parent). */
export function subtree(list: Node[], id: number): Set<number> {
  const out = new Set([id])
  let grew = true
  while (grew) {
    grew = false
    for (const c of list) {
      if (c.pai != null && out.has(c.pai) && !out.has(c.id)) {
        out.add(c.id)
        grew = true
      }
    }
  }
  return out
}

/** A category's parent choices as a select's [value, label] pairs, indented by depth. */
export const parentOptions = (tree: Array<{ id: number; titulo: string; depth: number }>): Array<[string, string]> =>
  tree.map((o) => [String(o.id), `${'\u00a0\u00a0'.repeat(o.depth)}${o.titulo}`])
