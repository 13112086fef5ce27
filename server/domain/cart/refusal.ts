/**
 * A cart change the shopper asked for and the store refuses; the cart stays exactly as it was.
 * `reason` is for the HTTP edge (which status), never sent: 'unknown' — no such product, option or
 * line in this cart; 'invalid' — the request does not fit the product; 'stock' — not enough stock.
 */
export type CartRefusal =
  | { estado: 'erro'; msg: string; reason: 'unknown' | 'invalid' | 'stock' }
  /** alterar-pedido above the stock: the quantity is not changed; the client resets it to `max`. */
  | { estado: 'MaxLimite'; msg: string; max: number }

/** Thrown inside a cart transaction to roll it back and answer the refusal. */
export class Refused extends Error {
  constructor(readonly refusal: CartRefusal) {
    super(refusal.msg)
  }
}

export const refuse = (reason: 'unknown' | 'invalid' | 'stock', msg: string): never => {
  throw new Refused({ estado: 'erro', msg, reason })
}

export function isRefusal(value: object): value is CartRefusal {
  return 'estado' in value && (value.estado === 'erro' || value.estado === 'MaxLimite')
}
