/** Evidence for "a secret is never stored or logged": every log line, every stored text. */
import { Writable } from 'node:stream';
import pino from 'pino';
import { logOptions } from '../http/log-redaction.js';
import type { TestApp } from './test-app.js';

/** A logger at trace level, configured as the server's, that keeps every line it writes. */
export function capturedLogger() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: pino({ level: 'trace', ...logOptions }, sink), lines };
}

/** Every row of every table as JSON text. */
export async function everyStoredText(t: Pick<TestApp, 'database'>): Promise<string> {
  const { rows } = await t.database.executeSql("select tablename from pg_tables where schemaname = 'public'");
  const dumps: string[] = [];
  for (const { tablename } of rows) {
    const { rows: data } = await t.database.executeSql(
      `select coalesce(string_agg(row_to_json(x)::text, ' '), '') as d from "${tablename}" x`,
    );
    dumps.push(String(data[0].d));
  }
  return dumps.join('\n');
}
