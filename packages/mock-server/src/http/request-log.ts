import { emptyFaultCounts } from './faults.js';
import type { FaultKind, Outcome, RouteName } from './outcome.js';

/**
 * One API request the mock answered, as `requests` lists it: method, path, status, route, the
 * faults injected, and whether it was conditional and answered 304.
 */
export interface RequestRecord {
  method: string;
  /** Path and query, with credential-looking query values redacted. */
  path: string;
  status: number;
  route: RouteName | null;
  conditional: boolean;
  notModified: boolean;
  faults: FaultKind[];
  /** Set when the response has been sent (or cut); until then undefined. */
  durationMs?: number;
}

/**
 * The mock's counters (`stats`) since it started or `resetStats()`: API requests, 304s, requests
 * by status, and faults injected by kind.
 */
export interface MockStats {
  requests: number;
  notModified: number;
  byStatus: Record<string, number>;
  faults: Record<FaultKind, number>;
}

const SECRET_PARAM = /([?&](?:api[_-]?key|key|token|access[_-]?token|auth)=)[^&#]*/gi;

/** A target fit for logs: long targets shortened, and values of key-like parameters replaced. */
export function safeTarget(target: string): string {
  const short = target.length > 300 ? `${target.slice(0, 300)}…` : target;
  return short.replace(SECRET_PARAM, '$1[redacted]');
}

/**
 * The request log and counters the test helpers read. The log keeps the newest `limit` records
 * (trimmed in batches so a long benchmark does not pay per request).
 */
export class RequestLog {
  records: RequestRecord[] = [];
  stats: MockStats = fresh();

  constructor(
    private readonly limit: number,
    private readonly log: ((line: string) => void) | undefined,
  ) {}

  begin(method: string, target: string, outcome: Outcome): RequestRecord {
    const record: RequestRecord = {
      method,
      path: safeTarget(target),
      status: outcome.status,
      route: outcome.route,
      conditional: outcome.conditional,
      notModified: outcome.notModified,
      faults: outcome.faults,
    };
    this.records.push(record);
    if (this.records.length >= this.limit * 2) this.records = this.records.slice(-this.limit);
    const s = this.stats;
    s.requests++;
    if (outcome.notModified) s.notModified++;
    s.byStatus[outcome.status] = (s.byStatus[outcome.status] ?? 0) + 1;
    for (const f of outcome.faults) s.faults[f]++;
    return record;
  }

  end(record: RequestRecord, durationMs: number): void {
    record.durationMs = durationMs;
    if (this.log !== undefined) {
      const cut = record.faults.filter((f) => f !== 'latency');
      const note = cut.length > 0 ? ` [fault: ${cut.join(', ')}]` : '';
      this.log(
        `${record.method} ${record.path} ${record.status} ${durationMs.toFixed(1)}ms${note}`,
      );
    }
  }

  reset(): void {
    this.records = [];
    this.stats = fresh();
  }
}

function fresh(): MockStats {
  return { requests: 0, notModified: 0, byStatus: {}, faults: emptyFaultCounts() };
}
