import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { FileFormatError, mapHeader, readUserImportCsv, type StagedRow, stageRecord } from './csv-reader.js';
import { firstInvalidUtf8 } from './file-encoding.js';
import { encodeRows } from './set-based/staging.js';

async function read(content: string | Buffer, separator = ',', chunkSize = 7) {
  const bytes = Buffer.from(content);
  // Small chunks: characters and rows split across reads, as in a real upload.
  const chunks = Array.from({ length: Math.ceil(bytes.length / chunkSize) }, (_, i) => bytes.subarray(i * chunkSize, (i + 1) * chunkSize));
  const rows: StagedRow[] = [];
  const batches: number[] = [];
  const result = await readUserImportCsv(Readable.from(chunks), {
    separator,
    batchRows: 2,
    onBatch: async (b) => {
      batches.push(b.length);
      rows.push(...b);
    },
  });
  return { rows, batches, result };
}

describe('the CSV reader', () => {
  it('maps headers in any case and order, joins first and last names, and batches rows', async () => {
    const { rows, batches, result } = await read(
      'LastName;EMAIL;firstname\nLovelace;ada@x.example;Ada\n;b@x.example;Bea\n\nTuring;;Alan\n',
      ';',
    );
    expect(result.rows).toBe(3);
    expect(batches).toEqual([2, 1]);
    expect(rows).toEqual([
      [2, 'ada@x.example', null, 'Ada Lovelace', null, null, null, null, null, null],
      [3, 'b@x.example', null, 'Bea', null, null, null, null, null, null],
      [5, null, null, 'Alan Turing', null, null, null, null, null, null],
    ]);
  });

  it('keeps multi-byte characters split across chunks', async () => {
    const { rows } = await read('email,name\nz@x.example,Zoë Ñúñez 東京\n', ',', 3);
    expect(rows[0][3]).toBe('Zoë Ñúñez 東京');
  });

  it('names the line of the first byte that is not UTF-8 in a file begun in UTF-8', async () => {
    // Decided UTF-8 by the sample after ë (SAMPLE_BYTES); the broken byte comes after it.
    const sample = 'b@x.example,B\n'.repeat(5_000);
    const bad = Buffer.concat([
      Buffer.from(`email,name\na@x.example,Zoë\n${sample}c@x.example,C`),
      Buffer.from([0xc3, 0x28]),
      Buffer.from('\n'),
    ]);
    const err = await read(bad, ',', 4096).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FileFormatError);
    expect(err).toHaveProperty('errors', [{ code: 'INVALID_ENCODING', row: 5_003, value: 'byte 0xC3' }]);
    expect(firstInvalidUtf8(Buffer.from([0x61, 0xe2, 0x82, 0xac, 0xff]))).toBe(4);
    expect(firstInvalidUtf8(Buffer.from([0xf0, 0x9f, 0x98, 0x80]))).toBe(4);
  });

  it('reports header problems all at once', () => {
    expect(() => mapHeader(['email', 'name', 'nope'], ',')).toThrow(FileFormatError);
    // Caught to read its errors; a header that did not throw fails here, not silently.
    const thrown = (() => {
      try {
        mapHeader(['Name', 'whatever', 'name'], ',');
      } catch (err) {
        return err;
      }
    })();
    expect(thrown).toBeInstanceOf(FileFormatError);
    expect((thrown as FileFormatError).errors.map((e) => [e.code, e.value])).toEqual([
      ['UNKNOWN_COLUMN', 'whatever'],
      ['DUPLICATE_COLUMN', 'name'],
      ['MISSING_COLUMN', 'email or employeeId'],
    ]);
  });

  it('skips rows whose cells are all empty and marks a wrong field count', () => {
    const map = mapHeader(['email', 'name'], ',');
    expect(stageRecord([' ', ''], map, 4)).toBeNull();
    expect(stageRecord(['a@x.example', 'A', 'extra'], map, 5)?.at(-1)).toBe('3 fields, the header has 2');
  });

  it('encodes rows for COPY with quotes doubled and NULL as an empty field', () => {
    expect(encodeRows('imp', [[7, 'a@x.example', null, 'Say "hi", ok', null, null, null, null, null, null]])).toBe(
      'imp,7,"a@x.example",,"Say ""hi"", ok",,,,,,\n',
    );
  });

  it('reports every parser error as a format error of its row, with or without the CSV_ prefix', async () => {
    // csv-parse names this one INVALID_OPENING_QUOTE (no CSV_ prefix).
    const quote = await read('email,name\na@x.example,Ada\nb@x.example,Robert "Bob" Smith\n').catch((err: unknown) => err);
    expect(quote).toBeInstanceOf(FileFormatError);
    expect((quote as FileFormatError).errors).toEqual([{ code: 'QUOTE_IN_CELL', row: 3 }]);
    const closing = await read('email,name\na@x.example,"Ada" Lovelace\n').catch((err: unknown) => err);
    expect((closing as FileFormatError).errors).toEqual([{ code: 'INVALID_QUOTE', row: 2 }]);
    const unclosed = await read('email,name\na@x.example,"Ada\n').catch((err: unknown) => err);
    expect(unclosed).toBeInstanceOf(FileFormatError);
    expect((unclosed as FileFormatError).errors).toEqual([{ code: 'UNCLOSED_QUOTE', row: 2 }]);
  });

  it('lets a failure that is not of the file through as it is (a failing batch write)', async () => {
    const failing = readUserImportCsv(Readable.from(['email,name\na@x.example,A\n']), {
      separator: ',',
      batchRows: 1,
      onBatch: async () => {
        throw new Error('database down');
      },
    });
    await expect(failing).rejects.toThrow('database down');
  });
});
