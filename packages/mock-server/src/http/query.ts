import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from '@content-read/core';

export interface ListQuery {
  page: number;
  perPage: number;
  /** Articles only: the `blog` parameter (id or slug), as given. */
  blog: string | undefined;
}

export type QueryProblem = { code: 'invalid_parameter' | 'unsupported_format'; message: string };

const DIGITS = /^[0-9]{1,16}$/;

/**
 * Read the list query of sections 5 and 6. Unknown parameters are ignored; a known one given twice
 * is refused, because which of the two values counts would be a guess.
 */
export function parseListQuery(search: string, articles: boolean): ListQuery | QueryProblem {
  const params = new URLSearchParams(search);
  const one = (name: string): string | undefined | QueryProblem => {
    const all = params.getAll(name);
    if (all.length > 1) {
      return {
        code: 'invalid_parameter',
        message: `The \`${name}\` parameter is given more than once; give it once.`,
      };
    }
    return all[0];
  };
  const page = one('page');
  const perPage = one('per_page');
  if (typeof page === 'object') return page;
  if (typeof perPage === 'object') return perPage;
  const query: ListQuery = { page: 1, perPage: DEFAULT_PER_PAGE, blog: undefined };
  if (page !== undefined) {
    const n = DIGITS.test(page) ? Number(page) : Number.NaN;
    if (!(n >= 1 && n <= Number.MAX_SAFE_INTEGER)) {
      return {
        code: 'invalid_parameter',
        message: 'The `page` parameter must be a whole number from 1 upward.',
      };
    }
    query.page = n;
  }
  if (perPage !== undefined) {
    const n = DIGITS.test(perPage) ? Number(perPage) : Number.NaN;
    if (!(n >= 1 && n <= MAX_PER_PAGE)) {
      return {
        code: 'invalid_parameter',
        message: `The \`per_page\` parameter must be a whole number from 1 to ${MAX_PER_PAGE}.`,
      };
    }
    query.perPage = n;
  }
  if (articles) {
    const format = one('format');
    if (typeof format === 'object') return format;
    if (format !== undefined && format !== 'json') {
      return {
        code: 'unsupported_format',
        message: 'The only supported `format` is `json`; leave it out or send `format=json`.',
      };
    }
    const blog = one('blog');
    if (typeof blog === 'object') return blog;
    query.blog = blog;
  }
  return query;
}
