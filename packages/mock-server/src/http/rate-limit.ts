/** Section 9: a token bucket per key. `capacity` requests at once, refilled at `refillPerSecond`. */
export interface RateLimitConfig {
  capacity: number;
  refillPerSecond: number;
  /** Clock in ms, for tests (default Date.now). */
  now?: () => number;
}

export interface RateLimitResult {
  allowed: boolean;
  headers: Record<string, string>;
  retryAfterSeconds: number;
}

export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private readonly now: () => number;

  constructor(readonly config: RateLimitConfig) {
    if (!(config.capacity >= 1) || !(config.refillPerSecond > 0)) {
      throw new RangeError('rateLimit needs capacity >= 1 and refillPerSecond > 0');
    }
    this.now = config.now ?? Date.now;
  }

  take(keyId: string): RateLimitResult {
    const { capacity, refillPerSecond } = this.config;
    const now = this.now();
    const bucket = this.buckets.get(keyId) ?? { tokens: capacity, at: now };
    bucket.tokens = Math.min(
      capacity,
      bucket.tokens + ((now - bucket.at) / 1000) * refillPerSecond,
    );
    bucket.at = now;
    const allowed = bucket.tokens >= 1;
    if (allowed) bucket.tokens -= 1;
    this.buckets.set(keyId, bucket);
    const retryAfterSeconds = allowed
      ? 0
      : Math.max(1, Math.ceil((1 - bucket.tokens) / refillPerSecond));
    const resetSeconds = Math.ceil((capacity - bucket.tokens) / refillPerSecond);
    return {
      allowed,
      retryAfterSeconds,
      headers: {
        'ratelimit-limit': String(capacity),
        'ratelimit-remaining': String(Math.floor(bucket.tokens)),
        'ratelimit-reset': String(resetSeconds),
      },
    };
  }
}
