import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLocalJWKSet, exportJWK, exportPKCS8, generateKeyPair, jwtVerify, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createIdTokens, IdTokenKeyError } from './id-token.js';

const user = { id: '6f1c1a43-5d4b-4d6e-9d4a-2f1a9e1b2c3d', email: 'ana@acme.example', displayName: 'Ana' };
const dirs: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'id-token-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

describe('idTokens', () => {
  it('issues a one-hour JWT for the user that it verifies, with the public URL as issuer', async () => {
    const tokens = await createIdTokens(testConfig({ DATA_DIR: tempDir(), PUBLIC_URL: 'https://console.example.com/' }));
    const { idToken, expiresIn } = await tokens.issue(user, 'password');
    expect(expiresIn).toBe(3600);
    const claims = await tokens.verify(idToken);
    expect(claims).toMatchObject({ sub: user.id, email: user.email, signInProvider: 'password' });
    expect(claims.exp - claims.iat).toBe(3600);
    const { payload, protectedHeader } = await jwtVerify(idToken, createLocalJWKSet(tokens.jwks()));
    expect(payload.iss).toBe('https://console.example.com');
    expect(protectedHeader.alg).toBe('ES256');
    expect(tokens.jwks().keys[0]).not.toHaveProperty('d');
  });

  it('keeps its key in the data directory, so a restart verifies tokens issued before', async () => {
    const dir = tempDir();
    const first = await createIdTokens(testConfig({ DATA_DIR: dir }));
    const { idToken } = await first.issue(user);
    const again = await createIdTokens(testConfig({ DATA_DIR: dir }));
    await expect(again.verify(idToken)).resolves.toMatchObject({ sub: user.id });
    expect(again.jwks()).toEqual(first.jwks());
    const other = await createIdTokens(testConfig({ DATA_DIR: tempDir() }));
    await expect(other.verify(idToken)).rejects.toMatchObject({ statusCode: 401, code: 'INVALID_TOKEN' });
  });

  it('takes keys from configuration (JWK set or PEM), signs with the first and verifies with all', async () => {
    const older = await generateKeyPair('EdDSA', { extractable: true });
    const newer = await generateKeyPair('ES256', { extractable: true });
    const oldOnly = await createIdTokens(testConfig({ DATA_DIR: tempDir(), ID_TOKEN_PRIVATE_KEYS: await exportPKCS8(older.privateKey) }));
    const oldToken = (await oldOnly.issue(user)).idToken;
    const set = JSON.stringify({ keys: [await exportJWK(newer.privateKey), await exportJWK(older.privateKey)] });
    const rotated = await createIdTokens(testConfig({ DATA_DIR: tempDir(), ID_TOKEN_PRIVATE_KEYS: set }));
    await expect(rotated.verify(oldToken)).resolves.toMatchObject({ sub: user.id });
    const { idToken } = await rotated.issue(user);
    expect(JSON.parse(Buffer.from(idToken.split('.')[0], 'base64url').toString()).alg).toBe('ES256');
    expect(rotated.jwks().keys).toHaveLength(2);
    // Two replicas configured alike accept each other's tokens.
    const replica = await createIdTokens(testConfig({ DATA_DIR: tempDir(), ID_TOKEN_PRIVATE_KEYS: set }));
    await expect(replica.verify(idToken)).resolves.toMatchObject({ sub: user.id });
  });

  it('refuses keys it cannot use', async () => {
    const rsa = await generateKeyPair('RS256', { extractable: true });
    const cfg = (v: string) => testConfig({ DATA_DIR: tempDir(), ID_TOKEN_PRIVATE_KEYS: v });
    await expect(createIdTokens(cfg(JSON.stringify(await exportJWK(rsa.privateKey))))).rejects.toBeInstanceOf(IdTokenKeyError);
    await expect(createIdTokens(cfg('{not json'))).rejects.toBeInstanceOf(IdTokenKeyError);
    const publicOnly = await exportJWK((await generateKeyPair('ES256', { extractable: true })).publicKey);
    await expect(createIdTokens(cfg(JSON.stringify(publicOnly)))).rejects.toThrow(/private/);
  });

  it('refuses forged, tampered, foreign and expired tokens', async () => {
    let now = new Date('2026-11-21T10:00:00Z');
    const tokens = await createIdTokens(testConfig({ DATA_DIR: tempDir() }), { now: () => now });
    const { idToken } = await tokens.issue(user);
    const [h, p, sig] = idToken.split('.');
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
    const tampered = [h, Buffer.from(JSON.stringify({ ...payload, sub: 'someone-else' })).toString('base64url'), sig].join('.');
    const attacker = await generateKeyPair('ES256');
    const kid = tokens.jwks().keys[0].kid!;
    const forged = await new SignJWT(payload).setProtectedHeader({ alg: 'ES256', kid }).sign(attacker.privateKey);
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', kid })).toString('base64url')}.${p}.`;
    for (const bad of [tampered, forged, unsigned, 'not-a-jwt']) {
      await expect(tokens.verify(bad)).rejects.toMatchObject({ statusCode: 401, code: 'INVALID_TOKEN' });
    }
    await expect(tokens.verify(idToken)).resolves.toBeTruthy();
    now = new Date(now.getTime() + 3601_000);
    await expect(tokens.verify(idToken)).rejects.toMatchObject({ code: 'INVALID_TOKEN' });
  });
});

describe('the published JWKS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is served at /api/auth/jwks and /.well-known/jwks.json and verifies issued tokens', async () => {
    const a = await t.app.inject('/api/auth/jwks');
    const b = await t.app.inject('/.well-known/jwks.json');
    expect(a.statusCode).toBe(200);
    expect(b.json()).toEqual(a.json());
    expect(a.headers['cache-control']).toContain('max-age');
    const { idToken } = await t.deps.idTokens.issue(user);
    const { payload } = await jwtVerify(idToken, createLocalJWKSet(a.json()));
    expect(payload.sub).toBe(user.id);
  });
  it('may be cached for a few minutes at both addresses (keys rotate, so not for long)', async () => {
    for (const url of ['/api/auth/jwks', '/.well-known/jwks.json']) {
      const res = await t.app.inject(url);
      expect(res.headers['cache-control']).toBe('public, max-age=300');
    }
  });
});
