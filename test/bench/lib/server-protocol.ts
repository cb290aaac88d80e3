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
  /**
   * Instead of `dataset`'s bodies, B11–B14's (test/bench/lib/bodies.ts) for `articles` articles:
   * code blocks and links, or images on the mock's origin.
   */
  bodies?: { kind: 'code' | 'images'; articles: number };
  /**
   * Instead of `dataset`, B15's (test/bench/lib/links.ts) for `articles` articles: B1's articles
   * with a canonical_url each and five link paragraphs per body, with anchors or their words only.
   */
  links?: { articles: number; anchors: boolean };
  /**
   * Images answered from memory, each encoded once before the server is ready, on their own
   * port (`imageOrigin`), as a CDN would: the mock's PNG encoder (~20 ms an 800×450 image) is
   * not what B14 measures. Requests are counted (`imageRequests` of `stats`).
   */
  cachedImages?: boolean;
}

export type ServerCommand =
  | { type: 'stats' }
  | { type: 'reset' }
  | { type: 'mutate'; count: number; round: number }
  | { type: 'update'; edits: ArticleEdit[] }
  | { type: 'rename'; id: string; slug: string }
  | { type: 'faults'; faults: FaultConfig | undefined }
  | { type: 'bare'; path: string; key: string };

export type ServerReply =
  | { type: 'ok' }
  | { type: 'ready'; baseUrl: string; port: number; imageOrigin: string }
  | {
      type: 'stats';
      stats: MockStats;
      requests: RequestRecord[];
      /** Image requests since the last reset (those of the cache with `cachedImages`). */
      imageRequests: number;
    }
  | { type: 'mutated'; edits: ArticleEdit[] }
  | { type: 'bare'; port: number; bytes: number }
  | { type: 'error'; message: string };
