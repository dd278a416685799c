/** People's profiles for screen tests. */

/** Every field of a contract's object schema as null: a profile with nothing set. */
export function nullsOf<T extends { shape: Record<string, unknown> }>(schema: T): { [K in keyof T['shape']]: null } {
  return Object.fromEntries(Object.keys(schema.shape).map((key) => [key, null])) as { [K in keyof T['shape']]: null };
}
