// The one money and count formatter lives in contract/money.ts (the server's e-mails and the
// operator command use it too); pages import it from here.
export { formatBRL, formatCount } from '../../contract/money'
