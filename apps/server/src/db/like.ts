import { type SQL, sql } from 'drizzle-orm';

/** `%text%` for LIKE/ILIKE ("contains"), with the wildcards and the escape character of the text escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * `key` starts with `text` without case, as a range of the "C" order that an index on the key
 * (lower(column) COLLATE "C") answers: [lower(text), lower(text) + the last code point).
 */
export const startsWithRange = (key: SQL, text: string) =>
  sql`(${key} >= lower(${text}::text) AND ${key} < (lower(${text}::text) || chr(1114111)))`;
