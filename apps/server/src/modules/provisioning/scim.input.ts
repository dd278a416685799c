/**
 * What every SCIM request body and query must be before a service sees it: JSON (an empty
 * body is no body, as some clients send with DELETE), no NUL character anywhere (the
 * database cannot store one), nesting no deeper than any SCIM resource, and numbers a
 * page can start at. Each refusal is SCIM's 400, never a failure of the service.
 */
import { ScimError } from './scim.protocol.js';

/** Deeper than any resource, its PATCH operations and their values. */
const MAX_DEPTH = 16;
/** The largest `startIndex` that pages anywhere: far past the last user of any organization. */
export const MAX_START_INDEX = 2 ** 31 - 1;

const NUL = '\u0000';

/** Refuses a parsed body with NUL in a key or a string, or nested deeper than MAX_DEPTH. */
export function checkBody(body: unknown): void {
  const pending: { value: unknown; depth: number }[] = [{ value: body, depth: 0 }];
  while (pending.length > 0) {
    const { value, depth } = pending.pop() as { value: unknown; depth: number };
    if (typeof value === 'string') {
      if (value.includes(NUL)) throw new ScimError(400, 'A value holds a NUL character, which cannot be stored.', 'invalidValue');
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_DEPTH) throw new ScimError(400, `The body nests deeper than ${MAX_DEPTH} levels.`, 'invalidSyntax');
    for (const [key, v] of Object.entries(value)) {
      if (key.includes(NUL)) throw new ScimError(400, 'An attribute name holds a NUL character.', 'invalidPath');
      pending.push({ value: v, depth: depth + 1 });
    }
  }
}

/** Refuses query parameters with NUL (a filter that would reach the database). */
export function checkQuery(query: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    if (values.some((v) => typeof v === 'string' && v.includes(NUL)))
      throw new ScimError(400, `The query parameter ${name} holds a NUL character.`, name === 'filter' ? 'invalidFilter' : 'invalidValue');
  }
}

/** `startIndex` and `count` (RFC 7644 §3.4.2.4): 1-based, at most MAX_RESULTS, lenient below range as the RFC asks. */
export function paging(query: { startIndex?: string; count?: string }, maxResults: number) {
  const start = query.startIndex === undefined ? 1 : Number(query.startIndex.trim() || '1');
  if (!Number.isFinite(start)) throw new ScimError(400, 'startIndex must be a number.', 'invalidValue');
  if (start > MAX_START_INDEX) throw new ScimError(400, `startIndex must be at most ${MAX_START_INDEX}.`, 'invalidValue');
  const startIndex = Math.max(1, Math.trunc(start));
  const asked = query.count === undefined ? maxResults : Number(query.count.trim() || String(maxResults));
  if (Number.isNaN(asked)) throw new ScimError(400, 'count must be a number.', 'invalidValue');
  const count = Math.min(Math.max(0, Math.trunc(asked)), maxResults);
  return { startIndex, offset: startIndex - 1, limit: count };
}
