export {
  Cache,
  attachedCache,
  cachePerDb,
  cacheStats,
  clearCatalogCaches,
  createCache,
  forgetTags,
  type CacheEntry,
  type CacheSpec,
  type CacheStats,
  type TagSink,
} from './cache'
export { cartTag, historyTag, matchSetTag, productTag, sessionTag } from './tags'
