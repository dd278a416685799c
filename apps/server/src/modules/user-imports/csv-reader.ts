/**
 * Reads an uploaded CSV as a stream: decodes it from the encoding it was saved in
 * (file-encoding.ts), maps the header, and hands rows over in batches. Memory holds one batch, whatever the file's size.
 */
import type { Readable } from 'node:stream';
import { type FileEncoding, IMPORT_MAX_ROW_CHARS, normalizeEmail, USER_IMPORT_COLUMNS, type UserImportColumn } from '@console/contracts';
import { CsvError, parse } from 'csv-parse';
import { decodeToUtf8 } from './file-encoding.js';
import { type FileError, FileFormatError } from './file-error.js';

/** A staged row: [rowNumber, email, employeeId, name, role, workspaces, teams, skills, disabled, problem]. */
export type StagedRow = [number, ...(string | null)[]];

export { type FileError, FileFormatError } from './file-error.js';

const STAGED_FIELDS: readonly UserImportColumn[] = ['email', 'employeeId', 'name', 'role', 'workspaces', 'teams', 'skills', 'disabled'];
const CANONICAL = new Map(USER_IMPORT_COLUMNS.map((c) => [c.toLowerCase(), c]));
/** Separators people use; a one-column header holding one of them means the wrong one was chosen. */
const LIKELY_SEPARATORS = [',', ';', '\t', '|'];

/** Where each staged field comes from in a record, from the header. */
export interface ColumnMap {
  width: number;
  index: Partial<Record<UserImportColumn, number>>;
}

export function mapHeader(header: string[], separator: string): ColumnMap {
  const errors: FileError[] = [];
  const index: ColumnMap['index'] = {};
  const cells = header.map((h) => h.trim());
  if (cells.length === 1 && LIKELY_SEPARATORS.some((s) => s !== separator && cells[0].includes(s))) {
    throw new FileFormatError([{ code: 'WRONG_SEPARATOR', value: cells[0], row: 1 }]);
  }
  cells.forEach((cell, i) => {
    const column = CANONICAL.get(cell.toLowerCase());
    if (!column) errors.push({ code: 'UNKNOWN_COLUMN', value: cell, row: 1 });
    else if (index[column] !== undefined) errors.push({ code: 'DUPLICATE_COLUMN', value: cell, row: 1 });
    else index[column] = i;
  });
  const has = (c: UserImportColumn) => index[c] !== undefined;
  if (!has('email') && !has('employeeId')) errors.push({ code: 'MISSING_COLUMN', value: 'email or employeeId', row: 1 });
  if (!has('name')) {
    if (!has('firstName') && !has('lastName')) errors.push({ code: 'MISSING_COLUMN', value: 'name (or firstName and lastName)', row: 1 });
    else if (!has('firstName')) errors.push({ code: 'MISSING_COLUMN', value: 'firstName', row: 1 });
    else if (!has('lastName')) errors.push({ code: 'MISSING_COLUMN', value: 'lastName', row: 1 });
  }
  if (errors.length > 0) throw new FileFormatError(errors);
  return { width: cells.length, index };
}

/** The staged form of one record; null for a row whose every cell is empty (skipped). */
export function stageRecord(record: string[], map: ColumnMap, rowNumber: number): StagedRow | null {
  if (record.every((cell) => cell.trim() === '')) return null;
  const cell = (c: UserImportColumn) => {
    const i = map.index[c];
    const v = i === undefined ? '' : (record[i] ?? '').trim();
    return v === '' ? null : v;
  };
  let name = cell('name');
  if (map.index.name === undefined) name = [cell('firstName'), cell('lastName')].filter(Boolean).join(' ') || null;
  const problem = record.length === map.width ? null : `${record.length} fields, the header has ${map.width}`;
  const row: StagedRow = [rowNumber];
  const email = cell('email');
  // Staged as the console stores addresses (normalizeEmail), so that the set-based checks see one
  // spelling: rows that differ only by the domain's case, Unicode or trailing dot are one person.
  for (const f of STAGED_FIELDS) row.push(f === 'name' ? name : f === 'email' ? email && normalizeEmail(email) : cell(f));
  row.push(problem);
  return row;
}

/**
 * csv-parse's errors, in the import's terms. Every error the parser raises is the file's
 * fault (its codes are not all CSV_-prefixed: INVALID_OPENING_QUOTE is not), so the class
 * decides, not the code; anything else (a failing batch write, an unreadable blob) is the
 * machinery's and goes through as it is.
 */
function csvError(err: Error & { lines?: number }): Error {
  if (err instanceof FileFormatError || !(err instanceof CsvError)) return err;
  const row = typeof err.lines === 'number' ? err.lines : undefined;
  if (err.code === 'CSV_MAX_RECORD_SIZE') return new FileFormatError([{ code: 'ROW_TOO_LONG', row }]);
  return new FileFormatError([{ code: 'INVALID_CSV', row, value: err.message.slice(0, 500) }]);
}

export interface ReadOptions {
  separator: string;
  batchRows: number;
  /** Receives each batch in order; the reader waits for it (backpressure). */
  onBatch(rows: StagedRow[]): Promise<void>;
  /** Told the file's encoding once it is decided, before the first batch. */
  onEncoding?(encoding: FileEncoding): void;
}

/**
 * Reads the whole file. Resolves with the number of data rows and the file's encoding, or
 * rejects with a FileFormatError (anything else is a failure of the machinery, not of the file).
 */
export async function readUserImportCsv(source: Readable, opts: ReadOptions): Promise<{ rows: number; encoding: FileEncoding }> {
  const parser = parse({
    delimiter: opts.separator,
    bom: true,
    info: true,
    relax_column_count: true,
    skip_empty_lines: true,
    max_record_size: IMPORT_MAX_ROW_CHARS,
  });
  let encoding: FileEncoding = 'utf-8';
  const guard = decodeToUtf8((e) => {
    encoding = e;
    opts.onEncoding?.(e);
  });
  source.on('error', (err) => guard.destroy(err));
  guard.on('error', (err) => parser.destroy(err));
  source.pipe(guard).pipe(parser);

  let map: ColumnMap | undefined;
  let batch: StagedRow[] = [];
  let rows = 0;
  let prevLines = 0;
  let prevEmpty = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number; empty_lines: number } }>) {
      // The row a record starts on: multi-line quoted cells end it further down.
      const rowNumber = prevLines + 1 + (info.empty_lines - prevEmpty);
      prevLines = info.lines;
      prevEmpty = info.empty_lines;
      if (!map) {
        map = mapHeader(record, opts.separator);
        continue;
      }
      const row = stageRecord(record, map, rowNumber);
      if (!row) continue;
      batch.push(row);
      rows++;
      if (batch.length >= opts.batchRows) {
        await opts.onBatch(batch);
        batch = [];
      }
    }
  } catch (err) {
    source.destroy();
    throw csvError(err as Error);
  }
  if (!map) throw new FileFormatError([{ code: 'EMPTY_FILE' }]);
  if (rows === 0) throw new FileFormatError([{ code: 'NO_ROWS' }]);
  if (batch.length > 0) await opts.onBatch(batch);
  return { rows, encoding };
}
