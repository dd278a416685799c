import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction.js';
import { deferredChildLogger } from './request-logger.js';
import { apiSecurityHeaders, securityHeaders, securityOptionsFor } from './security-headers.js';

function appLoggingAt(level: string) {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const app = Fastify({ loggerInstance: pino({ level }, sink), childLoggerFactory: deferredChildLogger, genReqId: () => 'req-0001' });
  app.get('/x', async (request) => {
    request.log.info('an info line');
    request.log.warn({ n: 1 }, 'a warning');
    request.log.child({ step: 'inner' }).warn('from a child');
    return { levelEnabled: request.log.isLevelEnabled?.('info') };
  });
  return { app, lines };
}

describe('request loggers made on first use', () => {
  it('write with the request id at the enabled levels only', async () => {
    const { app, lines } = appLoggingAt('warn');
    const res = await app.inject('/x');
    expect(res.json()).toEqual({ levelEnabled: false });
    expect(lines.map((l) => [l.msg, l.reqId, l.step])).toEqual([
      ['a warning', 'req-0001', undefined],
      ['from a child', 'req-0001', 'inner'],
    ]);
    expect(lines[0].n).toBe(1);
  });

  it('keep fastify request logging at info', async () => {
    const { app, lines } = appLoggingAt('info');
    await app.inject('/x');
    const messages = lines.map((l) => `${l.msg} ${l.reqId}`);
    expect(messages).toEqual([
      'incoming request req-0001',
      'an info line req-0001',
      'a warning req-0001',
      'from a child req-0001',
      'request completed req-0001',
    ]);
  });
});

describe('security headers', () => {
  it("are helmet's, with the console's content security policy", () => {
    const headers = Object.fromEntries(securityHeaders());
    expect(headers['content-security-policy']).toContain("default-src 'self'");
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['strict-transport-security']).toMatch(/^max-age=\d+; includeSubDomains$/);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['cross-origin-embedder-policy']).toBeUndefined();
  });

  it('are a short set for API answers, with the same HSTS', () => {
    const api = Object.fromEntries(apiSecurityHeaders());
    expect(api).toEqual({
      'cache-control': 'no-store',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'strict-transport-security': Object.fromEntries(securityHeaders())['strict-transport-security'],
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
    });
  });

  it('leave HSTS and upgrade-insecure-requests out when PUBLIC_URL is http, and only then', () => {
    const http = Object.fromEntries(securityHeaders(securityOptionsFor('http://localhost:3000')));
    expect(http['strict-transport-security']).toBeUndefined();
    expect(http['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(http['content-security-policy']).toContain("default-src 'self'");
    expect(Object.fromEntries(apiSecurityHeaders(securityHeaders(securityOptionsFor('http://localhost:3000'))))).not.toHaveProperty(
      'strict-transport-security',
    );
    const https = Object.fromEntries(securityHeaders(securityOptionsFor('https://console.example.com')));
    expect(https).toEqual(Object.fromEntries(securityHeaders()));
    expect(https['content-security-policy']).toContain('upgrade-insecure-requests');
  });
});

describe('URLs in log lines', () => {
  it('lose the values of secret query parameters and every JWT, whatever the case or encoding', () => {
    expect(redactUrl('/auth/invitation/accept?token=abc&lang=es')).toBe('/auth/invitation/accept?token=[redacted]&lang=es');
    expect(redactUrl('/api/auth/invitation?token[a]=abc&TOKEN.b=def&token%5Bc%5D=ghi&tokens=x')).toBe(
      '/api/auth/invitation?token[a]=[redacted]&TOKEN.b=[redacted]&token%5Bc%5D=[redacted]&tokens=x',
    );
    expect(redactUrl('/api/v1/workflows?limit=5&ApiKey=k1&api%5Fkey=k2')).toBe(
      '/api/v1/workflows?limit=5&ApiKey=[redacted]&api%5Fkey=[redacted]',
    );
    expect(redactUrl('/api/auth/google/callback?code=c&state=s')).toBe('/api/auth/google/callback?code=[redacted]&state=[redacted]');
    expect(redactUrl('/x/eyJhbGciOi.eyJzdWIi.c2ln?next=eyJh.eyJ.sig')).toBe('/x/[redacted]?next=[redacted]');
    expect(redactUrl('/api/reports/1?expires=9&signature=s')).toBe('/api/reports/1?expires=9&signature=[redacted]');
    expect(redactUrl('/api/organizations?page=2&search=acme')).toBe('/api/organizations?page=2&search=acme');
  });
});
