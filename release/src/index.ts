export {
  DEFAULT_KEEP,
  ReleaseError,
  addRelease,
  checkStore,
  contentId,
  listReleases,
  promote,
  promoteTogether,
  promotionProblems,
  prune,
  readLive,
  readRelease,
  releaseDir,
  releaseRoots,
  rollback,
  rollbackTarget,
  toAppName,
} from './store';
export type { AddResult, AppName, LiveDocument, PromoteResult, Promotion, ReleaseManifest, StoreOptions } from './store';
export { releaseBuilds, type SyncResult } from './sync';
export { SHIP_TOGETHER, problemsBetween } from './contract';
export { defaultStoreDir } from 'webpack-config/contract';
