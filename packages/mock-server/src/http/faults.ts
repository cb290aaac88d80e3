import { createRandom, hashSeed, type Random } from '../data/random.js';
import type { FaultKind, RouteName } from './outcome.js';

/** Faults for one route (or, at the top level of FaultConfig, for all routes). Fractions are 0..1. */
export interface FaultRule {
  /** Added before every answer, in ms. */
  latencyMs?: number;
  /** Up to this many ms more, drawn uniformly per request. */
  jitterMs?: number;
  /** Fraction answered 429 `rate_limited` with Retry-After. */
  rateLimited?: number;
  /** Fraction answered 500 `internal`. */
  serverError?: number;
  /** Fraction answered 503 `unavailable` with Retry-After. */
  unavailable?: number;
  /** Fraction whose connection is reset after part of the body. */
  reset?: number;
  /** Fraction whose JSON body is cut short (sent with a matching Content-Length, so it parses badly). */
  truncate?: number;
  /** Fraction that stall for `stallMs`. */
  stall?: number;
  /** How long a stall lasts, ms (default 30 000). */
  stallMs?: number;
  /** Where a stall happens: before the headers, or after half the body (default 'body'). */
  stallAt?: 'headers' | 'body';
  /** Retry-After seconds on injected 429 and 503 (default 1). */
  retryAfterSeconds?: number;
}

/**
 * The faults the mock injects (the `faults` option, `setFaults()`): a rule for every route,
 * per-route rules over it, and a seed that makes the faults repeatable.
 */
export interface FaultConfig extends FaultRule {
  /** Seed for the fault decisions: the same seed and request order give the same faults. */
  seed?: number | string;
  /** Per-route rules; their fields override the top-level ones for that route. */
  routes?: Partial<Record<RouteName, FaultRule>>;
}

export interface FaultDecision {
  kind: 'rate_limited' | 'internal' | 'unavailable' | 'reset' | 'truncate' | 'stall' | undefined;
  delayMs: number;
  rule: FaultRule;
}

const ORDER = ['rateLimited', 'serverError', 'unavailable', 'reset', 'truncate', 'stall'] as const;
const KIND: Record<(typeof ORDER)[number], NonNullable<FaultDecision['kind']>> = {
  rateLimited: 'rate_limited',
  serverError: 'internal',
  unavailable: 'unavailable',
  reset: 'reset',
  truncate: 'truncate',
  stall: 'stall',
};

/**
 * Decides, per request, which fault (if any) to inject. Each route has its own seeded sequence and
 * every decision draws the same two numbers, so a replay of the same requests gives the same faults.
 */
export class FaultInjector {
  private readonly randoms = new Map<RouteName, Random>();

  constructor(readonly config: FaultConfig) {}

  decide(route: RouteName): FaultDecision {
    const rule = { ...this.config, ...this.config.routes?.[route] };
    const random = this.randomFor(route);
    const pickDraw = random();
    const jitterDraw = random();
    let kind: FaultDecision['kind'];
    let edge = 0;
    for (const field of ORDER) {
      edge += rule[field] ?? 0;
      if (pickDraw < edge) {
        kind = KIND[field];
        break;
      }
    }
    const delayMs = (rule.latencyMs ?? 0) + jitterDraw * (rule.jitterMs ?? 0);
    return { kind, delayMs, rule };
  }

  private randomFor(route: RouteName): Random {
    let random = this.randoms.get(route);
    if (random === undefined) {
      random = createRandom(hashSeed(`${this.config.seed ?? 0}/${route}`));
      this.randoms.set(route, random);
    }
    return random;
  }
}

export function emptyFaultCounts(): Record<FaultKind, number> {
  return {
    latency: 0,
    rate_limited: 0,
    internal: 0,
    unavailable: 0,
    reset: 0,
    truncate: 0,
    stall: 0,
  };
}
