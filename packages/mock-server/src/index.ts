export { DatasetError, type DatasetIssue } from './data/dataset-errors.js';
export type { DatasetEdits, KeyPatch } from './data/edits.js';
export {
  GENERATED_KEYS,
  type GenerateOptions,
  generateDataset,
  writeGeneratedDataset,
} from './data/generator.js';
export { loadDataset } from './data/load-dataset.js';
export type { PublishBody, PublishWebhook } from './data/publish-webhook.js';
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
} from './data/schema.js';
export { datasetSchema } from './data/schema.js';
export type { LiveDataset, StoredKey } from './data/store.js';
export { validateDataset } from './data/validate-dataset.js';
export { defaultDataset, demoKeys } from './demo/default-dataset.js';
export type { FaultConfig, FaultRule } from './http/faults.js';
export type { ListenOptions, RunningServer } from './http/node-face.js';
export type { FaultKind, RouteName } from './http/outcome.js';
export type { RateLimitConfig } from './http/rate-limit.js';
export type { MockStats, RequestRecord } from './http/request-log.js';
export { createMockServer, type MockServer, type MockServerOptions } from './mock-server.js';
