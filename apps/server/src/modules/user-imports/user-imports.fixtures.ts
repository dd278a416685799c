/** Uploading and running imports from tests, through the real routes and the app's own pipeline. */
import type { UserImportErrorView, UserImportView } from '@console/contracts';
import pino from 'pino';
import { expect } from 'vitest';
import { createOrganization, createUser } from '../../test/factories.js';
import { signIn } from '../../test/sign-in.js';
import type { TestApp } from '../../test/test-app.js';
import { until } from '../../test/until.js';

export type Headers = Record<string, string>;

/** An organization of a test's own (one it may change, or disable for good), with its admin signed in. */
export async function organizationWithAdmin(t: TestApp) {
  const org = await createOrganization(t.database.db);
  const admin = await createUser(t.database.db, org.id);
  const headers: Headers = (await signIn(t, admin.email!)).headers;
  return { org, admin, headers };
}

/** A multipart body as a browser's FormData makes it. */
export async function multipartBody(fields: Record<string, string>, file?: { name: string; content: string | Buffer }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append('file', new Blob([typeof file.content === 'string' ? file.content : new Uint8Array(file.content)]), file.name);
  const res = new Response(form);
  return { payload: Buffer.from(await res.arrayBuffer()), contentType: res.headers.get('content-type')! };
}

export async function upload(
  t: TestApp,
  headers: Headers,
  content: string | Buffer,
  fields: Record<string, string> = {},
  name = 'users.csv',
) {
  const body = await multipartBody(fields, { name, content });
  return t.app.inject({
    method: 'POST',
    url: '/api/user-imports',
    headers: { ...headers, 'content-type': body.contentType },
    payload: body.payload,
  });
}

/** Confirms an import that waits at its summary, as the admin's Confirm does; answers the call. */
export function confirmImport(t: TestApp, headers: Headers, id: string) {
  return t.app.inject({ method: 'PUT', url: `/api/user-import/${id}/confirm`, headers });
}

/** Stops a running import, as the admin's Stop does; answers the call. */
export function stopImport(t: TestApp, headers: Headers, id: string) {
  return t.app.inject({ method: 'PUT', url: `/api/user-import/${id}/stop`, headers });
}

/**
 * Runs an uploaded import in this process to its end: it validates and waits at its summary,
 * is confirmed there as the admin would, and applies. Answers its final view.
 */
export async function runConfirmed(t: TestApp, headers: Headers, id: string): Promise<UserImportView> {
  await t.app.services.userImportPipeline.run(id);
  if ((await getImport(t, headers, id)).status === 'awaiting_confirmation') {
    const res = await confirmImport(t, headers, id);
    expect(res.statusCode, res.body).toBe(200);
    await t.app.services.userImportPipeline.run(id);
  }
  return getImport(t, headers, id);
}

/**
 * Waits for an import the app's workers run to end, confirming it at its summary as the admin
 * would; with `invitations`, also until its invitations are sent. Answers its view.
 */
export function settledInBackground(t: TestApp, headers: Headers, id: string, { invitations = true } = {}): Promise<UserImportView> {
  return until('the import to end', async () => {
    const v = await getImport(t, headers, id);
    if (v.status === 'awaiting_confirmation') {
      const res = await confirmImport(t, headers, id);
      expect(res.statusCode, res.body).toBe(200);
      return undefined;
    }
    return v.status === 'processing' || (invitations && v.invitationsPending > 0) ? undefined : v;
  });
}

/** Uploads, confirms at its summary and runs the import in this process; answers its final view. */
export async function importCsv(
  t: TestApp,
  headers: Headers,
  content: string | Buffer,
  fields: Record<string, string> = {},
): Promise<UserImportView> {
  const res = await upload(t, headers, content, fields);
  expect(res.statusCode, res.body).toBe(201);
  const { userImport } = res.json() as { userImport: UserImportView };
  return runConfirmed(t, headers, userImport.id);
}

type LogEntry = { msg?: string; appliedThrough?: number };

/**
 * Watches runs through what they log (give `log` to the test app: createTestApp's `log`, the
 * runs' logger). The logger writes synchronously: a listener is told before the run's next statement.
 */
export function watchedRuns() {
  const listeners = new Set<(entry: LogEntry) => void>();
  const log = pino(
    { level: 'debug' },
    {
      write(line: string) {
        const entry = JSON.parse(line) as LogEntry;
        for (const listener of listeners) listener(entry);
      },
    },
  );
  return {
    log,
    /**
     * Runs the import until it starts `phase`, and stops it there the way a stopping process
     * does (its signal aborts; its next checkpoint ends it): it waits, processing, for the next run.
     */
    async runUntil(t: TestApp, id: string, phase: 'validating' | 'applying') {
      const stop = new AbortController();
      const listener = (entry: LogEntry) => {
        if (entry.msg === `user import: ${phase}`) stop.abort();
      };
      listeners.add(listener);
      try {
        expect(await t.app.services.userImportPipeline.run(id, { signal: stop.signal })).toBe('stopped');
      } finally {
        listeners.delete(listener);
      }
    },
    /** Tells `fn` of each batch a run applies, once committed; the run goes on meanwhile (its pause, USER_IMPORT_BATCH_PAUSE_MS). */
    afterEachBatch(fn: (appliedThrough: number) => void): () => void {
      const listener = (entry: LogEntry) => {
        if (entry.msg === 'user import: batch applied') fn(entry.appliedThrough!);
      };
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export async function getImport(t: TestApp, headers: Headers, id: string): Promise<UserImportView> {
  const res = await t.app.inject({ url: `/api/user-import/${id}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { userImport: UserImportView }).userImport;
}

export async function importErrors(t: TestApp, headers: Headers, id: string, query = ''): Promise<UserImportErrorView[]> {
  const res = await t.app.inject({ url: `/api/user-import/${id}/errors?limit=100${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { errors: UserImportErrorView[] }).errors;
}
