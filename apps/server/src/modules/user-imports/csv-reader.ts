/**
 * Reads an uploaded CSV as a stream: checks the bytes are UTF-8, maps the header, and
 * hands rows over in batches. Memory holds one batch, whatever the file's size.
 */
import { type Readable, Transform } from 'node:stream';
import { IMPORT_MAX_ROW_CHARS, USER_IMPORT_COLUMNS, type UserImportColumn, type UserImportErrorCode } from '@console/contracts';
import { CsvError, parse } from 'csv-parse';

/** A staged row: [rowNumber, email, employeeId, name, role, workspaces, teams, skills, disabled, problem]. */
export type StagedRow = [number, ...(string | null)[]];

/** An error of the file as a whole: the import stops at it. */
export interface FileError {
  code: UserImportErrorCode;
  value?: string;
  row?: number;
}

export class FileFormatError extends Error {
  constructor(readonly errors: FileError[]) {
    super(errors.map((e) => e.code).join(', '));
  }
}

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
  for (const f of STAGED_FIELDS) row.push(f === 'name' ? name : cell(f));
  row.push(problem);
  return row;
}

/** Passes bytes through unchanged, failing at the first byte that is not UTF-8, with its line. */
export function utf8Guard(): Transform {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let line = 1;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      try {
        decoder.decode(chunk, { stream: true });
      } catch {
        // Continuation bytes at the start finish a character begun in the previous chunk.
        let start = 0;
        while (start < 3 && start < chunk.length && (chunk[start] & 0xc0) === 0x80) start++;
        const found = firstInvalidUtf8(chunk.subarray(start));
        const at = found < chunk.length - start ? start + found : 0;
        return done(
          new FileFormatError([{ code: 'INVALID_ENCODING', row: line + countNewlines(chunk, at), value: `byte ${hex(chunk[at])}` }]),
        );
      }
      // NUL is UTF-8 but no text column can hold it: a binary file, most likely.
      const nul = chunk.indexOf(0);
      if (nul !== -1) {
        return done(new FileFormatError([{ code: 'INVALID_ENCODING', row: line + countNewlines(chunk, nul), value: 'byte 0x00' }]));
      }
      line += countNewlines(chunk, chunk.length);
      done(null, chunk);
    },
    flush(done) {
      try {
        decoder.decode();
        done();
      } catch {
        done(new FileFormatError([{ code: 'INVALID_ENCODING', row: line, value: 'the file ends inside a character' }]));
      }
    },
  });
}

const hex = (b: number | undefined) => `0x${(b ?? 0).toString(16).padStart(2, '0').toUpperCase()}`;

function countNewlines(buf: Buffer, end: number): number {
  let n = 0;
  for (let i = buf.indexOf(10); i !== -1 && i < end; i = buf.indexOf(10, i + 1)) n++;
  return n;
}

/** Index of the first byte that breaks UTF-8 (only called once decoding has failed). */
export function firstInvalidUtf8(buf: Buffer): number {
  let i = 0;
  while (i < buf.length) {
    const b = buf[i];
    const len = b < 0x80 ? 1 : b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    if (len === 0) return i;
    for (let k = 1; k < len; k++) {
      if (i + k >= buf.length) return buf.length;
      if ((buf[i + k] & 0xc0) !== 0x80) return i;
    }
    i += len;
  }
  return buf.length;
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
}

/**
 * Reads the whole file. Resolves with the number of data rows, or rejects with a
 * FileFormatError (anything else is a failure of the machinery, not of the file).
 */
export async function readUserImportCsv(source: Readable, opts: ReadOptions): Promise<{ rows: number }> {
  const parser = parse({
    delimiter: opts.separator,
    bom: true,
    info: true,
    relax_column_count: true,
    skip_empty_lines: true,
    max_record_size: IMPORT_MAX_ROW_CHARS,
  });
  const guard = utf8Guard();
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
  return { rows };
}
