/** What a failed statement means, read from the driver's error (drizzle wraps it: the SQLSTATE is on the error or its cause). */

export function sqlState(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  if (typeof e?.cause?.code === 'string') return e.cause.code;
  return typeof e?.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) ? e.code : undefined;
}

const UNIQUE_VIOLATION = '23505';

/**
 * A unique violation (a concurrent request won the race, or the value is taken); with
 * `constraint`, only a violation of that constraint (its name appears in the error).
 */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  if (sqlState(err) !== UNIQUE_VIOLATION) return false;
  if (!constraint) return true;
  const e = err as { constraint?: string; cause?: { constraint?: string; message?: string }; message?: string };
  const text = [e.constraint, e.cause?.constraint, e.cause?.message, e.message].filter(Boolean).join(' ');
  return text.includes(constraint);
}
