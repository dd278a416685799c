import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  apiBasePath,
  forgetSessionRevoked,
  HttpError,
  http,
  onSessionRevoked,
  sessionEndingHere,
  sessionOpen,
  toHttpError,
  wasSessionRevoked,
} from './http';

function reply(status: number, body?: unknown, init: { url?: string; redirected?: boolean; type?: ResponseType } = {}) {
  const res = new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
  });
  Object.defineProperties(res, {
    url: { value: init.url ?? `${window.location.origin}/api/x` },
    redirected: { value: init.redirected ?? false },
    type: { value: init.type ?? 'basic' },
  });
  return res;
}

afterEach(() => vi.unstubAllGlobals());

describe('the http client', () => {
  it('calls the API same-origin with the CSRF header, JSON body and query', async () => {
    const fetchMock = vi.fn(async (..._args: unknown[]) => reply(200, { ok: 1 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(http('auth/sign-in', { method: 'POST', body: { email: 'a@b.co' }, query: { page: 2, q: undefined } })).resolves.toEqual({
      ok: 1,
    });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/auth/sign-in?page=2');
    expect(init.credentials).toBe('same-origin');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)['x-requested-with']).toBe('console');
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/json');
    expect(init.body).toBe('{"email":"a@b.co"}');
  });

  it('turns the error envelope into an HttpError', async () => {
    vi.stubGlobal('fetch', async () =>
      reply(401, { statusCode: 401, code: 'BAD_CREDENTIALS', message: 'Your credentials are not correct' }),
    );
    const err = await http('auth/sign-in').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ statusCode: 401, code: 'BAD_CREDENTIALS', message: 'Your credentials are not correct' });
  });

  it('gives anything else a message, a code and a status (500 by default)', () => {
    expect(toHttpError(502, 'Bad Gateway', 'Bad Gateway')).toMatchObject({ statusCode: 502, code: 'UNKNOWN', message: 'Bad Gateway' });
    expect(toHttpError(0, undefined)).toMatchObject({ statusCode: 500, code: 'UNKNOWN', message: 'Unknown error' });
    expect(toHttpError(404, { message: 'gone' })).toMatchObject({ statusCode: 404, code: 'UNKNOWN', message: 'gone' });
  });

  it('reports a network failure as an error with a status', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(http('x')).rejects.toMatchObject({ code: 'NETWORK_ERROR', statusCode: 500 });
  });

  it('refuses a redirect to another host', async () => {
    vi.stubGlobal('fetch', async () => reply(200, { stolen: true }, { redirected: true, url: 'https://evil.example/x' }));
    await expect(http('x')).rejects.toMatchObject({ code: 'REDIRECT_REFUSED' });
    vi.stubGlobal('fetch', async () => reply(200, { fine: true }, { redirected: true, url: `${window.location.origin}/api/y` }));
    await expect(http('x')).resolves.toEqual({ fine: true });
  });

  it('keeps quiet about SESSION_REVOKED after the user logged out here, until a session opens again', async () => {
    const listener = vi.fn();
    const off = onSessionRevoked(listener);
    vi.stubGlobal('fetch', async () => reply(401, { statusCode: 401, code: 'SESSION_REVOKED', message: 'closed' }));
    sessionEndingHere();
    await expect(http('auth/me')).rejects.toMatchObject({ code: 'SESSION_REVOKED' });
    expect(listener).not.toHaveBeenCalled();
    expect(wasSessionRevoked()).toBe(false);
    sessionOpen();
    await expect(http('auth/me')).rejects.toMatchObject({ code: 'SESSION_REVOKED' });
    expect(listener).toHaveBeenCalledTimes(1);
    off();
    forgetSessionRevoked();
  });

  it('tells the app when the session was revoked elsewhere, unless asked to keep quiet', async () => {
    const listener = vi.fn();
    const off = onSessionRevoked(listener);
    vi.stubGlobal('fetch', async () => reply(401, { statusCode: 401, code: 'SESSION_REVOKED', message: 'closed' }));
    await expect(http('auth/me')).rejects.toMatchObject({ code: 'SESSION_REVOKED' });
    await expect(http('logout', { method: 'DELETE', quiet: true })).rejects.toMatchObject({ code: 'SESSION_REVOKED' });
    expect(listener).toHaveBeenCalledTimes(1);
    vi.stubGlobal('fetch', async () => reply(401, { statusCode: 401, code: 'UNAUTHENTICATED', message: 'no' }));
    await expect(http('auth/me')).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(listener).toHaveBeenCalledTimes(1);
    off();
  });
});

describe('the API base path the server hands over (decision 028)', () => {
  function page(meta?: string): Document {
    const doc = document.implementation.createHTMLDocument('x');
    if (meta !== undefined) doc.head.insertAdjacentHTML('beforeend', `<meta name="api-base-path" content="${meta}">`);
    return doc;
  }

  it('reads the meta of index.html, else /api', () => {
    expect(apiBasePath(page('/console-api'))).toBe('/console-api');
    expect(apiBasePath(page('/a/b_c-1'))).toBe('/a/b_c-1');
    expect(apiBasePath(page())).toBe('/api');
  });

  it('ignores a value that is no base path', () => {
    for (const bad of ['', 'api', '/api/', 'https://evil.example', '//evil', '/a//b']) expect(apiBasePath(page(bad))).toBe('/api');
  });
});
