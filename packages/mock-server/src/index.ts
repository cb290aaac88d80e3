export { parseAuthorization } from './auth.js';
export { DatasetError, type DatasetIssue } from './dataset-errors.js';
export { defaultDataset, demoKeys } from './default-dataset.js';
export type { FaultConfig, FaultRule } from './faults.js';
export {
  GENERATED_KEYS,
  type GenerateOptions,
  generateDataset,
  writeGeneratedDataset,
} from './generator.js';
export { loadDataset } from './load-dataset.js';
export {
  createMockServer,
  type KeyPatch,
  type MockServer,
  type MockServerOptions,
} from './mock-server.js';
export type { ListenOptions, RunningServer } from './node-face.js';
export type { FaultKind, RouteName } from './outcome.js';
export { DEFAULT_PER_PAGE, MAX_PER_PAGE } from './query.js';
export type { RateLimitConfig } from './rate-limit.js';
export type { MockStats, RequestRecord } from './request-log.js';
export type {
  ArticleRecord,
  Author,
  BlogRecord,
  Dataset,
  FeatureImage,
  KeyRecord,
  TeamRecord,
  ValidDataset,
  WorkspaceRecord,
} from './schema.js';
export { datasetSchema } from './schema.js';
export type { LiveDataset, StoredKey } from './store.js';
export { validateDataset } from './validate-dataset.js';
