export {
  Cache,
  attachedCache,
  cachePerDb,
  cacheStats,
  clearCatalogCaches,
  collectTags,
  createCache,
  forgetTags,
  noteTags,
  type CacheEntry,
  type CacheSpec,
  type CacheStats,
} from './cache'
export { cartTag, historyTag, matchSetTag, productTag, sessionTag } from './tags'
