/**
 * Turns zod failures into one ValidationError that names the URL path, the item's index
 * and id, the field and the problem; and reads the tolerant list shapes (the API contract §5).
 */
import type { z } from 'zod';
import { ValidationError, type ValidationIssue } from '../errors.js';
import type { Redactor } from '../redact.js';
import type { InvalidItem, InvalidItemsMode } from '../types.js';
import { type ListMeta, listMetaSchema } from './wire.js';

const MAX_ISSUES = 20;

export function parseOne<T>(
  schema: z.ZodType<T>,
  body: unknown,
  path: string,
  redact: Redactor,
): T {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  throw invalid(path, toIssues(result.error, undefined, undefined, redact), redact);
}

export interface ParsedList<T> {
  items: T[];
  /** Every readable id in page order, invalid (skipped) items included. */
  ids: string[];
  /** Items left out in 'skip' mode. */
  invalid: InvalidItem[];
  meta: ListMeta | undefined;
}

/**
 * Accepts a bare array, `{ data }`, or `{ data, meta }`; validates every item. In 'fail'
 * mode any invalid item rejects the page; in 'skip' mode it is left out and reported, unless
 * it has no readable id (then the listing's completeness could not be checked: still fatal).
 */
export function parseList<T>(
  item: z.ZodType<T>,
  body: unknown,
  path: string,
  redact: Redactor,
  mode: InvalidItemsMode = 'fail',
): ParsedList<T> {
  let raw: unknown[];
  let meta: ListMeta | undefined;
  if (Array.isArray(body)) {
    raw = body;
  } else if (isRecord(body) && Array.isArray(body.data)) {
    raw = body.data;
    // An unfamiliar meta shape is ignored, not rejected: we then fall back to Link headers.
    const parsed = listMetaSchema.safeParse(body.meta);
    meta = parsed.success ? parsed.data : undefined;
  } else {
    const got = body === null ? 'null' : Array.isArray(body) ? 'array' : typeof body;
    throw invalid(
      path,
      [
        {
          field: '(body)',
          problem: `expected an array or an object with a "data" array, got ${got}`,
        },
      ],
      redact,
    );
  }
  const items: T[] = [];
  const ids: string[] = [];
  const skipped: InvalidItem[] = [];
  const issues: ValidationIssue[] = [];
  raw.forEach((value, index) => {
    const result = item.safeParse(value);
    const id = idOf(value);
    if (id !== undefined) ids.push(id);
    if (result.success) {
      items.push(result.data);
      return;
    }
    const found = toIssues(result.error, index, id, redact);
    const [first] = found;
    if (mode === 'skip' && id !== undefined && first) {
      skipped.push({
        path,
        index,
        id: redact(id),
        field: first.field,
        problem: first.problem,
        issues: found,
      });
    } else {
      issues.push(...found);
    }
  });
  if (issues.length > 0) throw invalid(path, issues, redact);
  return { items, ids, invalid: skipped, meta };
}

function toIssues(
  error: z.ZodError,
  index: number | undefined,
  id: string | undefined,
  redact: Redactor,
): ValidationIssue[] {
  return error.issues.slice(0, MAX_ISSUES).map((issue) => {
    const out: ValidationIssue = {
      field: issue.path.length > 0 ? issue.path.map(String).join('.') : '(item)',
      problem: redact(issue.message),
    };
    if (index !== undefined) out.index = index;
    if (id !== undefined) out.id = redact(id);
    return out;
  });
}

function invalid(path: string, issues: ValidationIssue[], redact: Redactor): ValidationError {
  const [first] = issues;
  const where =
    first?.index === undefined
      ? ''
      : `item ${first.index}${first.id ? ` (id "${first.id}")` : ''}, `;
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
  return new ValidationError(
    redact(`Invalid response: ${where}field "${first?.field}": ${first?.problem}${more}`),
    {
      path,
      issues,
      hint: 'The API answered with data that does not match the Content Read API v1 contract; report it to the API operator (see error.issues for every problem).',
    },
  );
}

function idOf(value: unknown): string | undefined {
  if (!isRecord(value)) return undefined;
  return typeof value.id === 'string' || typeof value.id === 'number'
    ? String(value.id)
    : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
