/**
 * A SCIM `filter` (RFC 7644 §3.4.2.2) as parameterised SQL: scim2-parse-filter reads it
 * into a tree, and each comparison on an attribute we store becomes one condition on its
 * column. Anything else (an attribute we do not store, a comparison that cannot apply) is
 * refused with 400 `invalidFilter` rather than answered wrongly.
 */
import { type AnyColumn, isNotNull, isNull, not, type SQL, sql } from 'drizzle-orm';
import { type Filter, parse } from 'scim2-parse-filter';
import { ScimError } from './scim.protocol.js';

/** How an attribute is stored: a text column (compared without case unless `caseExact`) or a flag. */
export type FilterColumn =
  | {
      kind: 'text';
      column: AnyColumn | SQL;
      caseExact?: boolean;
      /** How the column's values were normalized when stored: a whole value compared (eq, ne) is read the same way. */
      normalize?: (value: string) => string;
    }
  | { kind: 'flag'; isTrue: SQL; isFalse: SQL }
  | { kind: 'id'; column: AnyColumn };

/** Attribute paths (lower case, the schema URN and value paths written out) → their storage. */
export type FilterColumns = Record<string, FilterColumn>;

/** Only the table's own entries: a name such as `constructor` finds nothing. */
const columnOf = (columns: FilterColumns, path: string) =>
  Object.hasOwn(columns, path.toLowerCase()) ? columns[path.toLowerCase()] : undefined;

const invalid = (detail: string) => new ScimError(400, detail, 'invalidFilter');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function filterToSql(text: string, columns: FilterColumns): SQL {
  let tree: Filter;
  try {
    tree = parse(text);
  } catch (err) {
    throw invalid(`The filter cannot be read: ${(err as Error).message}`);
  }
  return toSql(tree, columns);
}

function toSql(f: Filter, columns: FilterColumns): SQL {
  switch (f.op) {
    case 'and':
    case 'or': {
      const parts = f.filters.map((part) => toSql(part, columns));
      return sql`(${sql.join(parts, sql.raw(f.op === 'and' ? ' AND ' : ' OR '))})`;
    }
    case 'not':
      return not(toSql(f.filter, columns));
    case '[]': {
      // `emails[type eq "work" and value eq "a@b"]` and `emails[value eq "a@b"]`: the inner comparison on value.
      const inner = f.valFilter;
      if (inner.op === 'and') {
        const onValue = inner.filters.filter((x) => !('attrPath' in x) || x.attrPath.toLowerCase() !== 'type');
        if (onValue.length === 1 && onValue.length < inner.filters.length) return toSql(prefixed(onValue[0], f.attrPath), columns);
      }
      if ('attrPath' in inner && inner.attrPath.toLowerCase() !== 'type') return toSql(prefixed(inner, f.attrPath), columns);
      // `emails[type eq "work"]` (Entra writes `emails[type eq "work"].value eq "…"`, read as that AND
      // `emails.value eq "…"`): the work entry is the column. Entries of other types (a mobile
      // phone, a home address) are kept as sent, not in a column: refused rather than never found.
      const target = columnOf(columns, f.attrPath);
      if (inner.op === 'eq' && target?.kind === 'text' && typeof inner.compValue === 'string' && inner.compValue.toLowerCase() === 'work')
        return isNotNull(target.column);
      throw invalid(`The filter ${f.attrPath}[…] is not supported here: only the work entry can be filtered on.`);
    }
    default:
      return comparison(f, columns);
  }
}

function prefixed(f: Filter, parent: string): Filter {
  return 'attrPath' in f && f.op !== '[]' ? ({ ...f, attrPath: `${parent}.${f.attrPath}` } as Filter) : f;
}

function comparison(f: Extract<Filter, { attrPath: string }>, columns: FilterColumns): SQL {
  const path = f.attrPath.toLowerCase();
  const target = columnOf(columns, path);
  if (!target) throw invalid(`Filtering on ${f.attrPath} is not supported.`);
  if (f.op === 'pr') {
    if (target.kind === 'flag') return sql`true`;
    return isNotNull(target.column);
  }
  if (f.op === '[]') throw invalid(`The filter on ${f.attrPath} is not supported.`);
  const value = f.compValue;
  if (target.kind === 'flag') {
    const wanted = typeof value === 'string' ? value.toLowerCase() === 'true' : value;
    if (typeof wanted !== 'boolean' || (f.op !== 'eq' && f.op !== 'ne'))
      throw invalid(`${f.attrPath} compares only with eq or ne and true or false.`);
    return (f.op === 'eq') === wanted ? target.isTrue : target.isFalse;
  }
  if (target.kind === 'id') {
    if (f.op !== 'eq' && f.op !== 'ne') throw invalid(`${f.attrPath} compares only with eq or ne.`);
    // An id that is no UUID matches nothing (rather than failing the cast).
    if (typeof value !== 'string' || !UUID.test(value)) return f.op === 'eq' ? sql`false` : sql`true`;
    return f.op === 'eq' ? sql`${target.column} = ${value}::uuid` : sql`${target.column} <> ${value}::uuid`;
  }
  if (value === null) return f.op === 'eq' ? isNull(target.column) : isNotNull(target.column);
  if (typeof value !== 'string') throw invalid(`${f.attrPath} compares with a string.`);
  const column = target.caseExact ? sql`${target.column}` : sql`lower(${target.column}::text)`;
  const whole = target.normalize && (f.op === 'eq' || f.op === 'ne') ? target.normalize(value) : value;
  const given = target.caseExact ? whole : whole.toLowerCase();
  // LIKE's own characters in the value are escaped: `co "a_b"` means the text a_b.
  const pattern = given.replace(/[\\%_]/g, (c) => `\\${c}`);
  switch (f.op) {
    case 'eq':
      return sql`${column} = ${given}`;
    case 'ne':
      return sql`${column} IS DISTINCT FROM ${given}`;
    case 'co':
      return sql`${column} LIKE ${`%${pattern}%`}`;
    case 'sw':
      return sql`${column} LIKE ${`${pattern}%`}`;
    case 'ew':
      return sql`${column} LIKE ${`%${pattern}`}`;
    default:
      throw invalid(`The comparison ${f.op} is not supported on ${f.attrPath}.`);
  }
}
