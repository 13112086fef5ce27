/** Where a visitor who must log in is sent (the accounts' login flow). Browser-safe. */
export const LOGIN_PATH = '/authorization/user/'
