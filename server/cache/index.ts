export {
  Cache,
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
export { matchSetTag, productTag } from './tags'
