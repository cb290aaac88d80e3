// Authorization fuzzing: random header values are accepted only when exactly `Bearer <valid key>`
// (scheme case-insensitive), never cause a 5xx, never echo the token. Runs: MOCK_FUZZ_RUNS (default 150).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FULL, OTHER, PRIVATE_SCOPE, REVOKED, TWO_BLOGS, useServer } from '../support.js';

const RUNS = Number(process.env.MOCK_FUZZ_RUNS ?? 150);
const VALID = [FULL, TWO_BLOGS, PRIVATE_SCOPE, OTHER];
const server = useServer();

const piece = fc.oneof(
  fc.constantFrom('Bearer', 'bearer', 'BEARER', 'Basic', 'Token', 'Bearer:', ''),
  fc.constantFrom(' ', '  ', '\t', '', '=', ',', '"'),
  fc.constantFrom(...VALID, REVOKED, `${FULL}=`, FULL.toUpperCase(), FULL.slice(1), `${FULL}x`),
  fc.string({
    unit: fc.constantFrom(...'abcXYZ019-._~+/= \t!"#$%&\'()*,:;<>?@[\\]^`{|}'.split('')),
    maxLength: 12,
  }),
  fc.string({ unit: 'grapheme-ascii', maxLength: 30 }),
);
const headerValue = fc.oneof(
  fc.array(piece, { maxLength: 5 }).map((parts) => parts.join('')),
  fc.constantFrom(...VALID).map((k) => `Bearer ${k}`),
);

/** What fetch sends: leading and trailing spaces and tabs are not part of a field value. */
const normalise = (v: string) => v.replace(/^[ \t]+|[ \t]+$/g, '');

function shouldAccept(value: string): boolean {
  const v = normalise(value);
  return v.length > 7 && v.slice(0, 7).toLowerCase() === 'bearer ' && VALID.includes(v.slice(7));
}

describe('Authorization fuzzing', () => {
  it(
    'only exactly `Bearer <valid key>` is accepted; nothing is a 5xx; the token is never echoed',
    async () => {
      // Every refusal must be one of the three fixed 401 bodies: nothing from the request is echoed.
      const fixed = new Set<string>();
      for (const headers of [{}, { authorization: 'x' }, { authorization: 'Bearer unknown-key' }]) {
        fixed.add(await (await server().get('/api/v1/blogs', { headers })).text());
      }
      expect(fixed.size).toBe(3);
      await fc.assert(
        fc.asyncProperty(
          headerValue,
          fc.constantFrom('/api/v1/blogs', '/api/v1/articles?per_page=1'),
          async (value, path) => {
            const res = await server().get(path, { headers: { authorization: value } });
            const text = await res.text();
            expect(res.status).toBeLessThan(500);
            if (shouldAccept(value)) expect(res.status).toBe(200);
            else {
              expect(res.status).toBe(401);
              expect(fixed).toContain(text);
            }
          },
        ),
        { numRuns: RUNS },
      );
    },
    Math.max(120_000, RUNS * 500),
  );

  it(
    'the discovery endpoint ignores the header entirely',
    async () => {
      await fc.assert(
        fc.asyncProperty(headerValue, async (value) => {
          const res = await server().get('/api/v1', { headers: { authorization: value } });
          await res.arrayBuffer();
          expect(res.status).toBe(200);
        }),
        { numRuns: Math.ceil(RUNS / 5) },
      );
    },
    Math.max(60_000, RUNS * 100),
  );
});
