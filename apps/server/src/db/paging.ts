/** Paged lists in one round trip: the rows carry `count(*) over ()` as their total. */
import { type SQL, sql } from 'drizzle-orm';

export const totalOver = () => sql<number>`count(*) over ()`.mapWith(Number);
export const pageOffset = (page: { page: number; limit: number }) => (page.page - 1) * page.limit;

/**
 * The total from the rows; a page past the end has no rows to carry it, so only then
 * is it counted separately.
 */
export async function pageTotal(rows: { total: number }[], page: { page: number }, count: () => Promise<number>): Promise<number> {
  if (rows.length > 0) return rows[0].total;
  return page.page > 1 ? count() : 0;
}

/**
 * Where a keyset page starts: a row's exact instant (microseconds, UTC, as the database keeps
 * it: `exactInstantOf`) and its id. Lists ordered by (instant, id) hand it out as an opaque
 * cursor (base64url of both), so the next page starts where the last ended however deep,
 * and survives the deletion of that row.
 */
export interface KeysetPosition {
  at: string;
  id: string;
}

/** The instant as text that casts back to the same timestamptz, to the microsecond. */
export const exactInstantOf = (column: SQL) => sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeKeysetCursor(position: KeysetPosition): string {
  return Buffer.from(JSON.stringify([position.at, position.id])).toString('base64url');
}

/** The position a cursor names, or undefined for one this server did not make (the caller answers 400 in its own words). */
export function decodeKeysetCursor(cursor: string): KeysetPosition | undefined {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (!Array.isArray(value) || value.length !== 2) return undefined;
  const [at, id] = value;
  // The instant must be a real one (no 30 February), as the database would read it back.
  if (typeof at !== 'string' || !INSTANT.test(at) || typeof id !== 'string' || !UUID.test(id)) return undefined;
  const ms = Date.parse(at);
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 19) !== at.slice(0, 19)) return undefined;
  return { at, id };
}

/** UTC offsets PostgreSQL refuses to read (it knows -15:59 to +15:59); ISO 8601 allows up to 23:59. */
const OFFSET_BEYOND_POSTGRES = /[+-](1[6-9]|2\d):?\d\d$/;

/** Whether PostgreSQL reads an ISO 8601 instant the contracts let through: not the year 0000, nor offsets of 16 hours or more. */
export const isReadableInstant = (value: string): boolean => !value.startsWith('0000') && !OFFSET_BEYOND_POSTGRES.test(value);
