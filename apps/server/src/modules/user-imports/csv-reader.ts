/**
 * Reads an uploaded CSV as a stream: decodes it from the encoding it was saved in
 * (file-encoding.ts), maps the header, and hands rows over in batches. Memory holds one batch, whatever the file's size.
 */
import { Readable, Transform } from 'node:stream';
import {
  DETECTABLE_SEPARATORS,
  type FileEncoding,
  IMPORT_MAX_ROW_CHARS,
  normalizeEmail,
  USER_IMPORT_COLUMNS,
  type UserImportColumn,
  type UserImportErrorCode,
} from '@console/contracts';
import { CsvError, type Options, parse } from 'csv-parse';
import { decodeToUtf8 } from './file-encoding.js';
import { type FileError, FileFormatError } from './file-error.js';
import { detectSeparator, SEPARATOR_SAMPLE_CHARS, SEPARATOR_SAMPLE_LINES } from './separator.js';

/** A staged row: [rowNumber, email, employeeId, name, role, workspaces, teams, skills, disabled, problem]. */
export type StagedRow = [number, ...(string | null)[]];

export { type FileError, FileFormatError } from './file-error.js';

const STAGED_FIELDS: readonly UserImportColumn[] = ['email', 'employeeId', 'name', 'role', 'workspaces', 'teams', 'skills', 'disabled'];
const CANONICAL = new Map(USER_IMPORT_COLUMNS.map((c) => [c.toLowerCase(), c]));

/** Where each staged field comes from in a record, from the header. */
export interface ColumnMap {
  width: number;
  index: Partial<Record<UserImportColumn, number>>;
}

export function mapHeader(header: string[], separator: string): ColumnMap {
  const errors: FileError[] = [];
  const index: ColumnMap['index'] = {};
  const cells = header.map((h) => h.trim());
  if (cells.length === 1 && (DETECTABLE_SEPARATORS as readonly string[]).some((s) => s !== separator && cells[0].includes(s))) {
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

/** The parser's error codes in the import's terms; any other is INVALID_CSV. */
const PARSER_CODES: Record<string, UserImportErrorCode> = {
  CSV_QUOTE_NOT_CLOSED: 'UNCLOSED_QUOTE',
  CSV_INVALID_CLOSING_QUOTE: 'INVALID_QUOTE',
  INVALID_OPENING_QUOTE: 'QUOTE_IN_CELL',
  CSV_MAX_RECORD_SIZE: 'ROW_TOO_LONG',
};

/** The errors of the CSV format that reading records and reads past; validation keeps them. */
export const CSV_FORMAT_CODES: readonly UserImportErrorCode[] = [...Object.values(PARSER_CODES), 'INVALID_CSV'];

/** Format errors read past before the reader gives up on the file: each one reads it again from its start. */
const MAX_FORMAT_ERRORS = 10;

/** The lines a record of the file begins on, and how far the parser had read (both physical lines, from 1). */
interface Position {
  /** The physical line the last record read ends on; 0 before the first. */
  lastLine: number;
  /** The parser's own count at that record: it counts a CRLF inside quotes as two lines. */
  parserLines: number;
  lastEmpty: number;
}

/**
 * csv-parse's error as the import's: its code catalogued (the web app translates it; the
 * parser's English text is never shown) and the physical line it is on, with where to read
 * on from. Every error the parser raises is the file's fault (its codes are not all
 * CSV_-prefixed: INVALID_OPENING_QUOTE is not), so the class decides, not the code; anything
 * else (a failing batch write, an unreadable blob) is the machinery's and goes through as it is.
 */
function parserError(thrown: CsvError, at: Position, offset: number): PassError {
  const err = thrown as CsvError & { lines?: number; empty_lines?: number };
  const code = PARSER_CODES[err.code] ?? 'INVALID_CSV';
  // The record at fault starts on the line after the last one read (past the empty lines skipped).
  const recordLine = offset + at.lastLine + 1 + Math.max(0, (err.empty_lines ?? at.lastEmpty) - at.lastEmpty);
  // The parser's line, counted on from the last record whose physical lines are known.
  const detected = typeof err.lines === 'number' ? offset + at.lastLine + (err.lines - at.parserLines) : recordLine;
  // A quote never closed swallows the rest of the file: it is where the quote opens that counts,
  // and reading goes on from the line after it. Else the error is on the line the parser was at.
  const line = code === 'UNCLOSED_QUOTE' ? recordLine : Math.max(recordLine, detected);
  const error: FileError = { code, row: line };
  return { error, resumeAt: line + 1 };
}

/** Drops the text before line `from` (1-based): reading on after a format error. Line feeds are never inside a UTF-8 sequence. */
function fromLine(from: number): Transform {
  let toSkip = from - 1;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      if (toSkip <= 0) return done(null, chunk);
      let i = 0;
      while (toSkip > 0) {
        const nl = chunk.indexOf(0x0a, i);
        if (nl < 0) return done();
        toSkip--;
        i = nl + 1;
      }
      done(null, chunk.subarray(i));
    },
  });
}

/** The decoded text's first lines, to detect the separator from, and the whole text as a stream again. */
async function peek(decoded: Readable): Promise<{ head: string; complete: boolean; text: Readable }> {
  const iterator = decoded[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let chars = 0;
  let lines = 0;
  let complete = false;
  while (chars < SEPARATOR_SAMPLE_CHARS && lines <= SEPARATOR_SAMPLE_LINES) {
    const next = await iterator.next();
    if (next.done) {
      complete = true;
      break;
    }
    const chunk = Buffer.from(next.value);
    chunks.push(chunk);
    chars += chunk.length;
    for (let i = chunk.indexOf(0x0a); i >= 0; i = chunk.indexOf(0x0a, i + 1)) lines++;
  }
  async function* all() {
    yield* chunks;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  }
  return { head: new TextDecoder().decode(Buffer.concat(chunks)), complete, text: Readable.from(all(), { objectMode: false }) };
}

export interface ReadOptions {
  /** The separator chosen; null detects it from the file's first lines (separator.ts). */
  separator: string | null;
  batchRows: number;
  /** Receives each batch in order; the reader waits for it (backpressure). */
  onBatch(rows: StagedRow[]): Promise<void>;
  /** Told the file's encoding once it is decided, before the first batch. */
  onEncoding?(encoding: FileEncoding): void;
  /** Told the separator the file is read with once it is known, before the first batch. */
  onSeparator?(separator: string): void;
}

export interface ReadResult {
  rows: number;
  encoding: FileEncoding;
  separator: string;
  /**
   * Format errors read past (a quote never closed, say): the rows around them are read and
   * handed over all the same, so that the file's data errors are found in the same round.
   */
  formatErrors: FileError[];
}

interface PassError {
  error: FileError;
  /** The line to read on from. */
  resumeAt: number;
}

interface PassOutcome {
  map?: ColumnMap;
  error?: PassError;
}

/** One pass over the file's text from `offset + 1`: the header map is known on a pass after the first. */
interface Pass {
  text: Readable;
  separator: string;
  offset: number;
  map?: ColumnMap;
}

/**
 * Reads the whole file. Resolves with the number of data rows, the file's encoding and
 * separator, or rejects with a FileFormatError (anything else is a failure of the machinery,
 * not of the file). Given a way to open the file again (`reopen`), it reads past a format
 * error of the CSV itself from the line after it, up to MAX_FORMAT_ERRORS of them; the
 * header's errors, the encoding's and an empty file still end the reading at once.
 */
export async function readUserImportCsv(source: Readable, opts: ReadOptions, reopen?: () => Readable): Promise<ReadResult> {
  let encoding: FileEncoding = 'utf-8';
  const decode = (input: Readable) => {
    const guard = decodeToUtf8((e) => {
      if (input !== source) return;
      encoding = e;
      opts.onEncoding?.(e);
    });
    input.on('error', (err) => guard.destroy(err));
    return { guard: input.pipe(guard), input };
  };
  const first = decode(source);
  let separator = opts.separator;
  let text: Readable = first.guard;
  if (separator === null) {
    const peeked = await peek(first.guard).catch((err: unknown) => {
      source.destroy();
      throw err;
    });
    separator = detectSeparator(peeked.head, peeked.complete);
    text = peeked.text;
  }
  opts.onSeparator?.(separator);

  const formatErrors: FileError[] = [];
  let rows = 0;
  let batch: StagedRow[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const out = batch;
    batch = [];
    await opts.onBatch(out);
  };
  let pass: Pass | undefined = { text, separator, offset: 0 };
  let input = source;
  let map: ColumnMap | undefined;
  while (pass) {
    const outcome: PassOutcome = await readPass(pass, async (row) => {
      batch.push(row);
      rows++;
      if (batch.length >= opts.batchRows) await flush();
    }).catch((err: unknown) => {
      input.destroy();
      throw err;
    });
    map = outcome.map ?? map;
    pass = undefined;
    if (!outcome.error) break;
    formatErrors.push(outcome.error.error);
    if (!reopen || !map || formatErrors.length >= MAX_FORMAT_ERRORS) {
      input.destroy();
      throw new FileFormatError(formatErrors);
    }
    await flush();
    input.destroy();
    const again = decode(reopen());
    input = again.input;
    pass = { text: again.guard.pipe(fromLine(outcome.error.resumeAt)), separator, offset: outcome.error.resumeAt - 1, map };
  }
  if (!map) throw new FileFormatError([{ code: 'EMPTY_FILE' }]);
  if (rows === 0) throw new FileFormatError(formatErrors.length > 0 ? formatErrors : [{ code: 'NO_ROWS' }]);
  await flush();
  return { rows, encoding, separator, formatErrors };
}

/** Reads one pass to its end or its first format error, handing each staged row over. */
async function readPass(pass: Pass, onRow: (row: StagedRow) => Promise<void>): Promise<PassOutcome> {
  // The records as the parser makes them, with the lines each spans (its raw text's line
  // feeds: the parser's count takes a CRLF inside quotes for two lines). An error ends the
  // stream before the records it had already made are read: those are still staged from
  // here, and where the parser stood tells the line of the error.
  const parsed: { record: string[]; feeds: number; parserLines: number; empty: number }[] = [];
  // The parser's types do not know that `raw` hands on_record the record with its raw text.
  const parser = parse({
    delimiter: pass.separator,
    bom: true,
    raw: true,
    relax_column_count: true,
    skip_empty_lines: true,
    max_record_size: IMPORT_MAX_ROW_CHARS,
    on_record: (made: string[] | { record: string[]; raw: string }, context) => {
      // With `raw`, the parser hands the record with its raw text.
      const record = Array.isArray(made) ? made : made.record;
      const raw = (Array.isArray(made) ? (context as { raw?: string }).raw : made.raw) ?? '';
      // Only the line feeds inside the record: its raw text may carry its line end, or an empty line's.
      const inside = raw.replace(/^[\r\n]+|[\r\n]+$/g, '');
      let feeds = 0;
      for (let i = inside.indexOf('\n'); i >= 0; i = inside.indexOf('\n', i + 1)) feeds++;
      parsed.push({ record, feeds, parserLines: context.lines, empty: context.empty_lines });
      return made;
    },
  } as Options);
  pass.text.on('error', (err) => parser.destroy(err));
  pass.text.pipe(parser);
  let map = pass.map;
  const at: Position = { lastLine: 0, parserLines: 0, lastEmpty: 0 };
  const take = async () => {
    const next = parsed.shift();
    if (!next) return;
    // The line a record starts on, past the empty lines skipped; its multi-line quoted cells end it further down.
    const rowNumber = pass.offset + at.lastLine + 1 + (next.empty - at.lastEmpty);
    at.lastLine = rowNumber - pass.offset + next.feeds;
    at.parserLines = next.parserLines;
    at.lastEmpty = next.empty;
    if (!map) {
      map = mapHeader(next.record, pass.separator);
      return;
    }
    const row = stageRecord(next.record, map, rowNumber);
    if (row) await onRow(row);
  };
  try {
    for await (const _ of parser) await take();
  } catch (err) {
    if (!(err instanceof CsvError)) throw err;
    pass.text.unpipe(parser);
    while (parsed.length > 0) await take();
    return { map, error: parserError(err, at, pass.offset) };
  }
  return { map };
}
