/**
 * docs/src/content/docs/reference/api-v1.md and packages/core/openapi.json describe the same API: every path, query
 * parameter, status, error code and field (with its type) named in one is in the other.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const doc = readFileSync(
  new URL('../../docs/src/content/docs/reference/api-v1.md', import.meta.url),
  'utf8',
);
const openapi = JSON.parse(
  readFileSync(new URL('../../packages/core/openapi.json', import.meta.url), 'utf8'),
) as OpenApi;

interface Schema {
  $ref?: string;
  type?: string | string[];
  items?: Schema;
  anyOf?: Schema[];
  properties?: Record<string, Schema>;
}
interface Operation {
  parameters?: { name: string }[];
  responses: Record<string, { description: string }>;
}
interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

const sorted = <T>(items: Iterable<T>) => [...new Set(items)].sort();
const operations = Object.entries(openapi.paths).flatMap(([path, ops]) =>
  Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
);

/** The rows of the first table after a heading, as arrays of cells. */
function tableAfter(heading: string): string[][] {
  const start = doc.indexOf(`\n${heading}\n`);
  if (start < 0)
    throw new Error(`docs/src/content/docs/reference/api-v1.md has no heading "${heading}"`);
  const lines = doc.slice(start + heading.length + 2).split('\n');
  const first = lines.findIndex((line) => line.startsWith('|'));
  const rows: string[][] = [];
  for (const line of lines.slice(first + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .split(/(?<!\\)\|/)
        .slice(1, -1)
        .map((cell) => cell.trim().replaceAll('\\|', '|')),
    );
  }
  return rows;
}

const ticked = (text: string) => [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? '');

/** A schema in the words the doc's type column uses. */
function typeName(schema: Schema): string {
  if (schema.$ref) return schema.$ref.split('/').at(-1) ?? '';
  if (schema.anyOf) return schema.anyOf.map(typeName).join(' | ');
  if (Array.isArray(schema.type)) return schema.type.join(' | ');
  if (schema.type === 'array' && schema.items) {
    const item = typeName(schema.items);
    return `array of ${item === 'object' ? 'objects' : item}`;
  }
  return schema.type ?? 'any';
}

describe('docs/src/content/docs/reference/api-v1.md against packages/core/openapi.json', () => {
  it('names the same operations', () => {
    const inDoc = [...doc.matchAll(/`(GET|OPTIONS) (\/api\/v1[a-z/]*)`/g)].map(
      (m) => `${m[1]} ${m[2]}`,
    );
    expect(sorted(inDoc)).toEqual(sorted(operations.map((o) => `${o.method} ${o.path}`)));
  });

  it('names the same query parameters on the same paths', () => {
    const inDoc = tableAfter('## 6. Query parameters').flatMap(([name = '', on = '']) =>
      ticked(on).map((path) => `${ticked(name)[0]} on ${path}`),
    );
    const inSpec = operations.flatMap((o) =>
      (o.op.parameters ?? []).map((p) => `${p.name} on ${o.path}`),
    );
    expect(sorted(inDoc)).toEqual(sorted(inSpec));
  });

  it('names the same statuses and error codes, each code with its status', () => {
    const errorRows = tableAfter(
      'The client reads `error.code` when it is there and otherwise goes by the status alone.',
    );
    expect(errorRows.length).toBeGreaterThan(0);
    const docPairs = errorRows.flatMap(([status = '', codes = '']) =>
      ticked(codes).map((code) => `${status} ${code}`),
    );
    const specPairs = operations.flatMap((o) =>
      Object.entries(o.op.responses).flatMap(([status, r]) =>
        ticked(r.description)
          .filter((word) => /^[a-z]+(_[a-z]+)*$/.test(word))
          .map((code) => `${status} ${code}`),
      ),
    );
    expect(sorted(docPairs)).toEqual(sorted(specPairs));

    // Every `NNN` or `NNN code` the prose mentions, and the statuses without a code.
    const mentioned = [...doc.matchAll(/`([1-5]\d\d)( [a-z_]+)?`/g)];
    for (const [, status, code] of mentioned) {
      if (code) expect(docPairs, `${status}${code}`).toContain(`${status}${code}`);
    }
    const docStatuses = [
      ...errorRows.map(([status]) => status ?? ''),
      ...mentioned.map((m) => m[1] ?? ''),
    ];
    const specStatuses = operations.flatMap((o) => Object.keys(o.op.responses));
    expect(sorted(docStatuses)).toEqual(sorted(specStatuses));
  });

  it('describes every schema with the same fields and types', () => {
    const schemas = openapi.components.schemas;
    const documented = [...doc.matchAll(/^### (\w+)$/gm)].map((m) => m[1] ?? '');
    expect(sorted(documented)).toEqual(sorted(Object.keys(schemas)));
    for (const name of documented) {
      const rows = tableAfter(`### ${name}`);
      const inDoc = Object.fromEntries(
        rows.map(([field = '', type = '']) => [ticked(field)[0], type]),
      );
      const inSpec = Object.fromEntries(
        Object.entries(schemas[name]?.properties ?? {}).map(([field, s]) => [field, typeName(s)]),
      );
      expect(inDoc, name).toEqual(inSpec);
    }
  });
});
