/** Uploading and running imports from tests, through the real routes and the app's own pipeline. */
import type { UserImportErrorView, UserImportView } from '@console/contracts';
import { expect } from 'vitest';
import type { TestApp } from '../../test/test-app.js';
import type { RunOptions } from './pipeline.js';

export type Headers = Record<string, string>;

/** A multipart body as a browser's FormData makes it. */
export async function multipartBody(fields: Record<string, string>, file?: { name: string; content: string | Buffer }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append('file', new Blob([file.content]), file.name);
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

/** Uploads and runs the import in this process; answers its final view. */
export async function importCsv(
  t: TestApp,
  headers: Headers,
  content: string | Buffer,
  fields: Record<string, string> = {},
  options: RunOptions = {},
): Promise<UserImportView> {
  const res = await upload(t, headers, content, fields);
  expect(res.statusCode, res.body).toBe(201);
  const { userImport } = res.json() as { userImport: UserImportView };
  await t.app.services.userImportPipeline.run(userImport.id, options);
  return getImport(t, headers, userImport.id);
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
