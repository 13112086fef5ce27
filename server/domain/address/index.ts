export { cepDataOf, deleteOldLookups, findLookup, lookUpCep, LOOKUP_TTL_MS, type Lookup, type LookupContext } from './lookups'
export { choosePrincipal, deleteAddress, editAddress, isAddressRefusal, listAddresses, saveAddress, type AddressRefusal } from './book'
