/**
 * The column separator of a file whose upload named none (decision 066): Excel saves "CSV"
 * with a semicolon wherever the decimal mark is a comma (Spanish, French, Portuguese
 * Windows), and other tools save tabs or |. Read from the header and the first lines, quotes
 * respected: of the candidates, the one whose header holds the most known column names wins,
 * then the one that splits the lines into the header's number of columns most often, then
 * the one that splits at all; on a tie, the order of DETECTABLE_SEPARATORS (comma first).
 * A file of one column splits under none and is read with a comma.
 */
import { DEFAULT_COLUMN_SEPARATOR, DETECTABLE_SEPARATORS, USER_IMPORT_COLUMNS } from '@console/contracts';

/** How much of the file's start detection reads: enough lines to see a consistent count, never much of a large file. */
export const SEPARATOR_SAMPLE_LINES = 50;
export const SEPARATOR_SAMPLE_CHARS = 64 * 1024;

const KNOWN = new Set(USER_IMPORT_COLUMNS.map((c) => c.toLowerCase()));

/**
 * The sample's records as their numbers of fields and the header's cells, split by
 * `separator` as RFC 4180 reads it: a separator or line end inside quotes is part of the
 * cell. The last record is left out when the sample ends inside it (it may be cut short).
 */
function splitSample(sample: string, separator: string, complete: boolean): { header: string[]; widths: number[] } {
  const records: string[][] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  const endRecord = () => {
    cells.push(cell);
    if (cells.length > 1 || cells[0].trim() !== '') records.push(cells);
    cells = [];
    cell = '';
  };
  for (let i = 0; i < sample.length; i++) {
    const c = sample[i];
    if (quoted) {
      if (c === '"' && sample[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === separator) {
      cells.push(cell);
      cell = '';
    } else if (c === '\n') endRecord();
    else if (c !== '\r') cell += c;
  }
  if (complete && !quoted && (cell !== '' || cells.length > 0)) endRecord();
  const [header = [], ...rest] = records;
  return { header, widths: rest.map((r) => r.length) };
}

interface Score {
  separator: string;
  known: number;
  consistent: number;
  splits: boolean;
}

function score(sample: string, separator: string, complete: boolean): Score {
  const { header, widths } = splitSample(sample, separator, complete);
  const known = header.filter((h) => KNOWN.has(h.trim().toLowerCase())).length;
  const splits = header.length > 1;
  const consistent = widths.length === 0 ? (splits ? 1 : 0) : widths.filter((w) => w === header.length).length / widths.length;
  return { separator, known, consistent: splits ? consistent : 0, splits };
}

/**
 * The separator of the file whose decoded start is `sample`; `complete` when the sample is
 * the whole file (its last line is then whole too).
 */
export function detectSeparator(sample: string, complete: boolean): string {
  const text = sample.replace(/^\uFEFF/, '');
  let best: Score | undefined;
  for (const separator of DETECTABLE_SEPARATORS) {
    const s = score(text, separator, complete);
    if (!best || better(s, best)) best = s;
  }
  return best?.splits ? best.separator : DEFAULT_COLUMN_SEPARATOR;
}

const better = (a: Score, b: Score) =>
  a.known !== b.known ? a.known > b.known : a.consistent !== b.consistent ? a.consistent > b.consistent : a.splits && !b.splits;
