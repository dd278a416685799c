/**
 * Reads an import file in the encoding it was saved in and hands on UTF-8 (decision 050):
 * UTF-8 with or without a byte order mark, UTF-16 LE or BE with its mark, else Windows-1252
 * (Excel's "CSV" in Spanish, French and Portuguese Windows; ISO-8859-1's text reads alike).
 * Decoding is the platform's (WHATWG TextDecoder, ICU), streamed: memory holds a chunk.
 *
 * How the encoding is decided, in order:
 *   1. a byte order mark says it (EF BB BF UTF-8, FF FE UTF-16 LE, FE FF UTF-16 BE), as the
 *      WHATWG Encoding Standard's BOM sniffing does;
 *   2. else the bytes up to the first that is not ASCII read the same in every candidate, so
 *      nothing is decided until then; from that byte, SAMPLE_BYTES (or the rest of the file)
 *      go to chardet (ICU's charset detector), and its likeliest answer among the encodings
 *      read here wins: it may rank ISO-8859-2 or KOI8-R first for a short list of names,
 *      which no spreadsheet here saves, so those answers are passed over;
 *   3. if it names none of them, Windows-1252, in which every byte is a character.
 * A file decided UTF-8 that later has a byte that is not is refused with its line
 * (INVALID_ENCODING), never read half in one encoding and half in another. NUL or another
 * control byte that no text holds refuses the file as not text (NOT_TEXT), with its line.
 */
import { Transform } from 'node:stream';
import { TextDecoder } from 'node:util';
import { type FileEncoding, notTextKind, TEXT_SNIFF_BYTES } from '@console/contracts';
import { analyse, type EncodingName } from 'chardet';
import { FileFormatError } from './file-error.js';

/** How much of the file, from its first byte that is not ASCII, decides between UTF-8 and Windows-1252. */
export const SAMPLE_BYTES = 64 * 1024;

const BOMS: [FileEncoding, number[]][] = [
  ['utf-8-bom', [0xef, 0xbb, 0xbf]],
  ['utf-16le', [0xff, 0xfe]],
  ['utf-16be', [0xfe, 0xff]],
];
const DECODER_LABEL: Record<FileEncoding, string> = {
  'utf-8': 'utf-8',
  'utf-8-bom': 'utf-8',
  'utf-16le': 'utf-16le',
  'utf-16be': 'utf-16be',
  'windows-1252': 'windows-1252',
};

function bomOf(head: Buffer): FileEncoding | undefined {
  return BOMS.find(([, bytes]) => bytes.every((b, i) => head[i] === b))?.[0];
}

/**
 * What chardet may name that is read here; ISO-8859-1's text reads alike in Windows-1252.
 * Not ASCII: the sample holds a byte that is not, and chardet still lists ASCII, at 0.
 */
const READ_AS: Partial<Record<EncodingName, FileEncoding>> = {
  'UTF-8': 'utf-8',
  'UTF-16LE': 'utf-16le',
  'UTF-16BE': 'utf-16be',
  'ISO-8859-1': 'windows-1252',
  'windows-1252': 'windows-1252',
};

/** The encoding of a file without a mark, from a sample that starts at its first byte that is not ASCII. */
export function detectEncoding(sample: Uint8Array): FileEncoding {
  for (const { name, confidence } of analyse(sample)) {
    const read = READ_AS[name];
    if (read && confidence > 0) return read;
  }
  return 'windows-1252';
}

/** A control character no text holds: NUL and the C0 controls but tab, line ends and form feed. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const NOT_TEXT_CHAR = /[\u0000-\u0008\u000b\u000e-\u001f]/;

/**
 * A Transform from the file's bytes to UTF-8 text. `onEncoding` is told the encoding once it
 * is decided (before the first byte is passed on, or at the end of a file that is all ASCII,
 * which is UTF-8). Errors are FileFormatErrors naming the line.
 */
export function decodeToUtf8(onEncoding: (encoding: FileEncoding) => void): Transform {
  let encoding: FileEncoding | undefined;
  let decoder: TextDecoder | undefined;
  /** Bytes held until the encoding is decided. */
  let held: Buffer = Buffer.alloc(0);
  let line = 1;
  let sniffed = false;

  const decide = (chosen: FileEncoding) => {
    encoding = chosen;
    // UTF-16's mark is dropped by the decoder; UTF-8's passes on, and the CSV parser drops it.
    decoder = new TextDecoder(DECODER_LABEL[chosen], { fatal: chosen !== 'windows-1252', ignoreBOM: chosen === 'utf-8-bom' });
    onEncoding(chosen);
  };

  const fail = (code: 'INVALID_ENCODING' | 'NOT_TEXT', row: number, value: string) => new FileFormatError([{ code, row, value }]);

  /** Decodes bytes in the decided encoding; UTF-8 input passes on as it is once checked. */
  const decode = (bytes: Buffer, end: boolean): Buffer => {
    let text: string;
    try {
      text = (decoder as TextDecoder).decode(bytes, { stream: !end });
    } catch {
      throw invalidAt(bytes, end);
    }
    const bad = text.search(NOT_TEXT_CHAR);
    if (bad !== -1) {
      const code = text.charCodeAt(bad);
      throw fail('NOT_TEXT', line + countLines(text, bad), `byte 0x${code.toString(16).padStart(2, '0').toUpperCase()}`);
    }
    line += countLines(text, text.length);
    return encoding === 'utf-8' || encoding === 'utf-8-bom' ? bytes : Buffer.from(text, 'utf8');
  };

  /** The error of the first byte that breaks the decided encoding, with its line. */
  const invalidAt = (bytes: Buffer, end: boolean): FileFormatError => {
    if (encoding === 'utf-16le' || encoding === 'utf-16be') return fail('INVALID_ENCODING', line, 'a UTF-16 character is broken');
    // Continuation bytes at the start finish a character begun in the previous chunk.
    let start = 0;
    while (start < 3 && start < bytes.length && (bytes[start] & 0xc0) === 0x80) start++;
    const found = firstInvalidUtf8(bytes.subarray(start));
    if (found >= bytes.length - start && end) return fail('INVALID_ENCODING', line, 'the file ends inside a character');
    const at = found < bytes.length - start ? start + found : 0;
    return fail('INVALID_ENCODING', line + countNewlines(bytes, at), `byte ${hex(bytes[at])}`);
  };

  /** Decides from the held bytes when they are enough (or the file ends), and passes them on. */
  const settle = (end: boolean): Buffer | undefined => {
    if (!sniffed) {
      if (held.length < TEXT_SNIFF_BYTES && !end) return undefined;
      sniffed = true;
      if (notTextKind(held.subarray(0, TEXT_SNIFF_BYTES)) !== null) throw fail('NOT_TEXT', 1, 'the file starts as no text does');
      const bom = bomOf(held);
      if (bom) decide(bom);
    }
    if (!encoding) {
      const firstHigh = held.findIndex((b) => b >= 0x80);
      if (firstHigh === -1 && !end) {
        // All ASCII so far: pass it on as it is, it reads the same in every encoding.
        const ascii = held;
        held = Buffer.alloc(0);
        return checkAscii(ascii);
      }
      if (firstHigh !== -1 && held.length - firstHigh < SAMPLE_BYTES && !end) return undefined;
      const sample = firstHigh === -1 ? held : held.subarray(firstHigh, firstHigh + SAMPLE_BYTES);
      decide(firstHigh === -1 ? 'utf-8' : detectEncoding(sample));
    }
    const bytes = held;
    held = Buffer.alloc(0);
    return decode(bytes, end);
  };

  /** ASCII passed on before the encoding is decided: checked for control bytes alike. */
  const checkAscii = (ascii: Buffer): Buffer => {
    const text = ascii.toString('latin1');
    const bad = text.search(NOT_TEXT_CHAR);
    if (bad !== -1) throw fail('NOT_TEXT', line + countLines(text, bad), `byte ${hex(ascii[bad])}`);
    line += countNewlines(ascii, ascii.length);
    return ascii;
  };

  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      try {
        if (encoding && held.length === 0) return done(null, decode(chunk, false));
        held = held.length === 0 ? chunk : Buffer.concat([held, chunk]);
        const out = settle(false);
        done(null, out && out.length > 0 ? out : undefined);
      } catch (err) {
        done(err as Error);
      }
    },
    flush(done) {
      try {
        const out = settle(true);
        done(null, out && out.length > 0 ? out : undefined);
      } catch (err) {
        done(err as Error);
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

function countLines(text: string, end: number): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < end; i = text.indexOf('\n', i + 1)) n++;
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
