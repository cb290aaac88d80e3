import type {
  FaultConfig,
  GenerateOptions,
  MockStats,
  RequestRecord,
} from '@content-read/mock-server';

/** An article as the server child's editor changed it. */
export interface ArticleEdit {
  id: string;
  title: string;
  html: string;
}

/** What the server child serves: a generated dataset, optionally with faults. */
export interface ServerSpec {
  dataset: GenerateOptions;
  faults?: FaultConfig;
}

export type ServerCommand =
  | { type: 'stats' }
  | { type: 'reset' }
  | { type: 'mutate'; count: number; round: number }
  | { type: 'faults'; faults: FaultConfig | undefined }
  | { type: 'bare'; path: string; key: string };

export type ServerReply =
  | { type: 'ok' }
  | { type: 'ready'; baseUrl: string; port: number }
  | { type: 'stats'; stats: MockStats; requests: RequestRecord[] }
  | { type: 'mutated'; edits: ArticleEdit[] }
  | { type: 'bare'; port: number; bytes: number }
  | { type: 'error'; message: string };
