/**
 * The CSV reader fuzzed (a quote inside an unquoted cell once left an import processing for
 * ever): whatever the bytes, the separator and the way they arrive in chunks, reading ends, either with the rows or with a FileFormatError
 * (a problem of the file, shown to the user with its row), never with another error (which
 * the pipeline treats as a failure of the machinery) and never hangs.
 */
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvBytes } from '../../test/fuzz.js';
import { FileFormatError, readUserImportCsv } from './csv-reader.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_113);
const RUNS = Number(process.env.FUZZ_RUNS ?? 400);
/** Generous: a run reads a few hundred bytes; only a hang gets near it. */
const RUN_TIMEOUT_MS = 5_000;

async function readAll(bytes: Buffer, separator: string | null, chunk: number): Promise<'rows' | FileFormatError> {
  const chunks = Array.from({ length: Math.ceil(bytes.length / chunk) }, (_, i) => bytes.subarray(i * chunk, (i + 1) * chunk));
  const lines: number[] = [];
  try {
    // Read past format errors too (the file opened again), as the import reads it.
    await readUserImportCsv(
      Readable.from(chunks),
      { separator, batchRows: 2, onBatch: async (rows) => void lines.push(...rows.map((r) => r[0])) },
      () => Readable.from(chunks),
    );
    // Each row is handed over once, in the file's order.
    expect(lines).toEqual([...new Set(lines)].sort((a, b) => a - b));
    return 'rows';
  } catch (err) {
    if (err instanceof FileFormatError) return err;
    throw err;
  }
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer after ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

describe('the CSV reader, fuzzed', () => {
  it(`ends with rows or a format error for any bytes (seed ${SEED}, ${RUNS} runs)`, async () => {
    console.info(`CSV reader fuzz: seed ${SEED} (FUZZ_SEED to replay), ${RUNS} runs`);
    await fc.assert(
      fc.asyncProperty(
        csvBytes,
        fc.constantFrom(',', ';', '\t', '|', 'a', '\u0000', 'é', null),
        fc.integer({ min: 1, max: 64 }),
        async (bytes, sep, chunk) => {
          const outcome = await withTimeout(readAll(bytes, sep, chunk), RUN_TIMEOUT_MS);
          if (outcome instanceof FileFormatError) {
            expect(outcome.errors.length).toBeGreaterThan(0);
            // Each error is one the user can read, and its value can be stored (no NUL).
            for (const e of outcome.errors) expect(e.value ?? '').not.toContain('\u0000');
          }
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
  });
});
