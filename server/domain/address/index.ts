export { cepDataOf, deleteOldLookups, findLookup, lookUpCep, LOOKUP_TTL_MS, type Lookup, type LookupContext } from './lookups'
export { choosePrincipal, deleteAddress, editAddress, listAddresses, saveAddress } from './book'
