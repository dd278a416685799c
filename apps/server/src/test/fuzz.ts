/**
 * fast-check arbitraries for fuzzing requests: values shaped like a zod schema (so most
 * requests get past the outer checks and reach the services), with every value liable to
 * be replaced by a hostile one: NUL and other control characters, lone surrogates, huge
 * strings, wrong types, missing and extra fields.
 */
import fc from 'fast-check';
import type { z } from 'zod';

export type Def = { type: string; [key: string]: unknown };
export const defOf = (s: unknown) => (s as { _zod: { def: Def } })._zod.def;
/** The kinds of zod schema that only wrap `def.innerType` (a value may be missing or null, or has a default). */
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch']);
export const isWrapper = (def: Def) => WRAPPERS.has(def.type);

/** Strings an attacker tries first. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '%00',
    '\ud800',
    '\udfff\ud800',
    '../../etc/passwd',
    '..%2F..%2F',
    "' OR 1=1 --",
    '"; DROP TABLE users; --',
    '<script>alert(1)</script>',
    '{{7*7}}',
    '\r\nX-Injected: 1',
    // A name that reads as another: a right-to-left override, an isolate, marks, a C1 control.
    'Ann\u202Enimda',
    'Ann \u2067Admin\u2069',
    '\u200FAdmin\u200E',
    'Ann\u061C\u0085Admin',
    '🙂👩‍👩‍👧‍👦',
    'Ａｄｍｉｎ',
    '-1',
    '1e309',
    'NaN',
    'null',
    'true',
    '[]',
    '{}',
    'x'.repeat(5_000),
    'é'.repeat(70_000),
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: fc.constantFrom('\u0000', '\u0001', '\u007f', '\u200b', '\ufeff', 'a', '%', '\\', '/'), maxLength: 12 }),
);

/** Any JSON value, shallow: a wrong type where a schema wants another. */
export const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1.5, 2 ** 53, [], {}),
  fc.integer(),
  fc.array(hostileString, { maxLength: 3 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 3 }),
);

/** Undefined four times out of five. */
const rarely = <T>(arb: fc.Arbitrary<T>) => fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: arb });

/** A value shaped like `schema`, with known good samples for strings (`samples`), mutated now and then. */
export function fromSchema(schema: z.ZodType | undefined, samples: fc.Arbitrary<string>, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return wrongType;
  const shaped = shapedBy(defOf(schema), samples, depth);
  return fc.oneof({ weight: 10, arbitrary: shaped }, { weight: 1, arbitrary: hostileString }, { weight: 1, arbitrary: wrongType });
}

function shapedBy(def: Def, samples: fc.Arbitrary<string>, depth: number): fc.Arbitrary<unknown> {
  const inner = (s: unknown) => fromSchema(s as z.ZodType, samples, depth + 1);
  if (isWrapper(def)) return fc.option(inner(def.innerType), { nil: undefined });
  switch (def.type) {
    case 'string':
      // A good value with a NUL, another control or a direction-changing character slipped in reaches furthest.
      return fc.oneof(
        { weight: 3, arbitrary: samples },
        {
          weight: 3,
          arbitrary: fc
            .tuple(samples, fc.nat(), fc.constantFrom('\u0000', '\u0000', '\u0001', '\ud800', '\u202E', '\u2066', '\t'))
            .map(([v, at, c]) => v.slice(0, at % (v.length + 1)) + c + v.slice(at % (v.length + 1))),
        },
        { weight: 1, arbitrary: hostileString },
      );
    case 'number':
      return fc.oneof(fc.integer({ min: -5, max: 200 }), fc.constantFrom(0, -1, 2 ** 31, 1e308, 0.5));
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, string>));
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'pipe':
      return inner(def.in);
    case 'union':
      return fc.oneof(...(def.options as unknown[]).map(inner));
    case 'array':
      return fc.array(inner(def.element), { maxLength: 4 });
    case 'object': {
      const shape = def.shape as Record<string, unknown>;
      const fields = Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, inner(v)]));
      // Now and then a field is missing, or an unknown one comes along.
      const keys = Object.keys(shape);
      return fc.tuple(fc.record(fields), rarely(fc.nat()), rarely(fc.tuple(hostileString, wrongType))).map(([obj, drop, extra]) => {
        const out: Record<string, unknown> = { ...obj };
        if (drop !== undefined && keys.length > 0) delete out[keys[drop % keys.length]];
        if (extra) out[extra[0] || 'extra'] = extra[1];
        return out;
      });
    }
    default:
      return wrongType;
  }
}

/** Numbers no column or schema holds, written as JSON text (JSON.stringify cannot write the first two). */
const HOSTILE_NUMBERS = ['1e400', '-1e400', '123456789012345678901234567890', '-0', '1e-400', '9007199254740993'];

/**
 * A JSON body an attacker writes by hand, from a good one (`good`): `__proto__` or
 * `constructor` as its own keys (JSON.stringify cannot write them), its numbers replaced by
 * ones no type holds, or nesting thousands deep.
 */
export function hostileJson(good: fc.Arbitrary<unknown>): fc.Arbitrary<string> {
  const text = good.map((b) => JSON.stringify(b ?? {}) ?? '{}');
  const withOwnKey = fc.tuple(text, fc.constantFrom('__proto__', 'constructor')).map(([body, key]) => {
    const value = key === '__proto__' ? '{"polluted":true,"isStaff":true,"role":"org_admin"}' : '{"prototype":{"polluted":true}}';
    return body.startsWith('{') && body !== '{}' ? `{"${key}":${value},${body.slice(1)}` : `{"${key}":${value}}`;
  });
  const hugeNumbers = fc
    .tuple(text, fc.constantFrom(...HOSTILE_NUMBERS))
    .map(([body, n]) => body.replace(/(?<=[:,[])-?\d+(\.\d+)?([eE][-+]?\d+)?(?=[,}\]])/g, n));
  const deep = fc.constantFrom(
    `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
    `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
    `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`,
    `{"x":${'['.repeat(20_000)}${']'.repeat(20_000)}}`,
    ...HOSTILE_NUMBERS,
    ...HOSTILE_NUMBERS.map((n) => `{"limit":${n},"page":${n}}`),
  );
  return fc.oneof(withOwnKey, hugeNumbers, deep);
}

/** A query an attacker adds to any call: prototype keys in the shapes query parsers nest. */
export const hostileQuery: fc.Arbitrary<string> = fc.constantFrom(
  '__proto__[polluted]=1',
  '__proto__.polluted=1',
  'constructor[prototype][polluted]=1',
  '__proto__=1',
  'constructor=1',
  `a${'[a]'.repeat(2_000)}=1`,
);

/** A list's query as a hand-written attack sends it: numbers no page holds, NUL, prototype keys (the hostile-input suites). */
export const hostileListQueries = [
  '?page=1e309',
  '?limit=9007199254740993',
  '?page=-1',
  '?__proto__[x]=1',
  '?limit=%00',
  '?constructor[prototype][polluted]=1',
] as const;

/** CSV bytes: a valid import file now and then mutated: quotes, separators, NUL, bad UTF-8, long cells, cut short. */
export const csvBytes: fc.Arbitrary<Buffer> = fc
  .tuple(
    fc.constantFrom('email,name', 'email,employeeId,name,role', 'EMAIL;Name', 'name', '', 'email,name,nope', 'email,email'),
    fc.array(
      fc.array(
        fc.oneof(
          fc.constantFrom(
            'ada@fuzz.example',
            'E-1',
            'Ada',
            'viewer',
            'org_admin',
            'true',
            '',
            'Robert "Bob" Smith',
            '"quoted, cell"',
            '"open',
          ),
          hostileString,
        ),
        { maxLength: 5 },
      ),
      { maxLength: 6 },
    ),
    fc.constantFrom('\n', '\r\n', '\r'),
    fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 3 }),
    fc.option(fc.nat(), { nil: undefined }),
  )
  .map(([header, rows, eol, flips, cut]) => {
    const bytes = Buffer.from([header, ...rows.map((r) => r.join(','))].join(eol) + eol);
    // Random bytes here and there: broken UTF-8, NUL, stray quotes.
    for (const [at, byte] of flips) if (bytes.length > 0) bytes[at % bytes.length] = byte;
    return cut === undefined || bytes.length === 0 ? bytes : bytes.subarray(0, cut % bytes.length);
  });
