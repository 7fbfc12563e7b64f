export {
  DEFAULT_KEEP,
  ReleaseError,
  addRelease,
  canaryEntry,
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
  startCanary,
  endCanary,
  toAppName,
} from './store';
export type { AddResult, AppName, Canary, CanaryResult, Step, LiveDocument, PromoteResult, Promotion, ReleaseManifest, StoreOptions } from './store';
export { releaseBuilds, type SyncResult } from './sync';
export { SHIP_TOGETHER, problemsBetween } from './contract';
export { defaultStoreDir } from 'webpack-config/contract';
