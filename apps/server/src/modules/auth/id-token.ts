/**
 * The server as identity provider: idTokens are JWTs signed with an asymmetric key (ES256
 * or EdDSA), valid one hour, verifiable by anyone with the published JWKS.
 *
 * Keys: ID_TOKEN_PRIVATE_KEYS when set (a private JWK, a JWK set, or PEM blocks; the first
 * key signs, every key verifies, so a new key can be put first while tokens of the old one
 * run out). Otherwise one ES256 key made on first start and kept in DATA_DIR/keys: fine for
 * one process, but replicas must share keys through the variable.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type SignInProvider, signInProvider } from '@console/contracts';
import {
  type CryptoKey,
  calculateJwkThumbprint,
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  importJWK,
  importPKCS8,
  type JWK,
  jwtVerify,
  SignJWT,
} from 'jose';
import type { Config } from '../../config.js';
import { Unauthenticated } from '../../http/errors.js';
import { OWNER_ONLY_FILE, privateDirectory } from '../../storage/owner-only.js';

export const ID_TOKEN_TTL_SECONDS = 60 * 60;
const KEY_FILE = 'id-token-keys.json';
const ALGORITHMS = ['ES256', 'EdDSA'] as const;
type Algorithm = (typeof ALGORITHMS)[number];

/**
 * What a token is for: `console` (the sign-in form, links, SSO, invitations: it may open one
 * browser session) or `api` (POST /api/v1/auth/token: the external API's bearer only).
 */
export type IdTokenPurpose = 'console' | 'api';

export interface IdTokenClaims {
  /** The user id. */
  sub: string;
  /** The token's own id: a console session remembers it, so one token opens one session. */
  jti: string;
  purpose: IdTokenPurpose;
  email: string | null;
  /** How the user signed in to get this token. */
  signInProvider: SignInProvider;
  iat: number;
  /** When it was issued, to the millisecond (`iat` has whole seconds): a password reset ends the tokens issued before it. */
  issuedAt: Date;
  exp: number;
}

export interface IdTokenUser {
  id: string;
  email: string | null;
  displayName?: string;
}

export interface IdTokens {
  issue(user: IdTokenUser, signInProvider?: SignInProvider, purpose?: IdTokenPurpose): Promise<{ idToken: string; expiresIn: number }>;
  /** The claims of a token this server signed; throws Unauthenticated (INVALID_TOKEN) otherwise. */
  verify(token: string): Promise<IdTokenClaims>;
  /**
   * A short-lived signed token for another purpose (a one-time sign-in link): its audience
   * names the purpose, so it is never accepted as an idToken nor an idToken as it.
   */
  signFor(purpose: string, subject: string, ttlSeconds: number): Promise<{ token: string; jti: string; expiresAt: Date }>;
  verifyFor(purpose: string, token: string): Promise<{ subject: string; jti: string; expiresAt: Date }>;
  /** The public keys, for GET /api/auth/jwks and /.well-known/jwks.json. */
  jwks(): { keys: JWK[] };
  readonly issuer: string;
}

interface SigningKey {
  kid: string;
  alg: Algorithm;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

export class IdTokenKeyError extends Error {}

/** Where the signing key is kept when ID_TOKEN_PRIVATE_KEYS is not set. */
export const keysDirectory = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'keys');

export async function createIdTokens(config: Config, opts: { now?: () => Date } = {}): Promise<IdTokens> {
  const now = opts.now ?? (() => new Date());
  const privateJwks = config.ID_TOKEN_PRIVATE_KEYS
    ? await parseConfiguredKeys(config.ID_TOKEN_PRIVATE_KEYS)
    : await keysFromDataDir(keysDirectory(config));
  const keys = await Promise.all(privateJwks.map(toSigningKey));
  const publicSet = { keys: keys.map((k) => k.publicJwk) };
  const localSet = createLocalJWKSet(publicSet);
  const issuer = config.PUBLIC_URL.replace(/\/+$/, '');
  const signer = keys[0];

  return {
    issuer,
    jwks: () => publicSet,
    async issue(user, provider = 'password', purpose = 'console') {
      const issuedAt = now().getTime();
      const iat = Math.floor(issuedAt / 1000);
      const idToken = await new SignJWT({
        email: user.email,
        name: user.displayName,
        sign_in_provider: provider,
        purpose,
        iat_ms: issuedAt,
      })
        .setProtectedHeader({ alg: signer.alg, kid: signer.kid, typ: 'JWT' })
        .setIssuer(issuer)
        .setAudience(issuer)
        .setSubject(user.id)
        .setIssuedAt(iat)
        .setExpirationTime(iat + ID_TOKEN_TTL_SECONDS)
        .setJti(randomUUID())
        .sign(signer.privateKey);
      return { idToken, expiresIn: ID_TOKEN_TTL_SECONDS };
    },
    async signFor(purpose, subject, ttlSeconds) {
      const iat = Math.floor(now().getTime() / 1000);
      const jti = randomUUID();
      const token = await new SignJWT({})
        .setProtectedHeader({ alg: signer.alg, kid: signer.kid, typ: `${purpose}+jwt` })
        .setIssuer(issuer)
        .setAudience(`${issuer}#${purpose}`)
        .setSubject(subject)
        .setIssuedAt(iat)
        .setExpirationTime(iat + ttlSeconds)
        .setJti(jti)
        .sign(signer.privateKey);
      return { token, jti, expiresAt: new Date((iat + ttlSeconds) * 1000) };
    },
    async verifyFor(purpose, token) {
      try {
        const { payload } = await jwtVerify(token, localSet, {
          issuer,
          audience: `${issuer}#${purpose}`,
          typ: `${purpose}+jwt`,
          algorithms: [...ALGORITHMS],
          currentDate: now(),
          requiredClaims: ['sub', 'exp', 'jti'],
        });
        return { subject: payload.sub!, jti: payload.jti!, expiresAt: new Date(payload.exp! * 1000) };
      } catch {
        throw new Unauthenticated('This link is not valid or has expired.', 'INVALID_TOKEN');
      }
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, localSet, {
          issuer,
          audience: issuer,
          algorithms: [...ALGORITHMS],
          currentDate: now(),
          requiredClaims: ['sub', 'exp', 'iat', 'jti'],
        });
        const provider = signInProvider.safeParse(payload.sign_in_provider);
        if (!provider.success || typeof payload.sub !== 'string' || typeof payload.jti !== 'string') throw new Error('claims');
        return {
          sub: payload.sub,
          jti: payload.jti,
          // A token without the claim was issued before it existed: not trusted as a console token.
          purpose: payload.purpose === 'console' ? 'console' : 'api',
          email: typeof payload.email === 'string' ? payload.email : null,
          signInProvider: provider.data,
          iat: payload.iat!,
          // A token without the claim (issued before it existed): the start of its second.
          issuedAt: new Date(typeof payload.iat_ms === 'number' ? payload.iat_ms : payload.iat! * 1000),
          exp: payload.exp!,
        };
      } catch {
        throw new Unauthenticated('The sign-in token is not valid or has expired.', 'INVALID_TOKEN');
      }
    },
  };
}

async function toSigningKey(jwk: JWK): Promise<SigningKey> {
  const alg = algorithmOf(jwk);
  if (!jwk.d) throw new IdTokenKeyError('ID_TOKEN_PRIVATE_KEYS: every key must be a private key');
  const privateKey = (await importJWK({ ...jwk, alg }, alg)) as CryptoKey;
  const { d: _d, ...pub } = jwk;
  const kid = jwk.kid ?? (await calculateJwkThumbprint(pub));
  return { kid, alg, privateKey, publicJwk: { kty: pub.kty, crv: pub.crv, x: pub.x, y: pub.y, kid, alg, use: 'sig' } };
}

function algorithmOf(jwk: JWK): Algorithm {
  if (jwk.kty === 'EC' && jwk.crv === 'P-256') return 'ES256';
  if (jwk.kty === 'OKP' && jwk.crv === 'Ed25519') return 'EdDSA';
  throw new IdTokenKeyError('ID_TOKEN_PRIVATE_KEYS: keys must be EC P-256 (ES256) or Ed25519 (EdDSA)');
}

/** A JWK, a JWK set, or one or more PKCS#8 PEM blocks, as private JWKs. */
export async function parseConfiguredKeys(value: string): Promise<JWK[]> {
  const text = value.trim();
  if (text.startsWith('{') || text.startsWith('[')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new IdTokenKeyError('ID_TOKEN_PRIVATE_KEYS: not valid JSON');
    }
    const set = parsed as { keys?: unknown };
    const list = (Array.isArray(parsed) ? parsed : Array.isArray(set.keys) ? set.keys : [parsed]) as JWK[];
    if (list.length === 0) throw new IdTokenKeyError('ID_TOKEN_PRIVATE_KEYS: no key');
    return list;
  }
  const blocks = text.replaceAll('\\n', '\n').match(/-----BEGIN PRIVATE KEY-----[\s\S]+?-----END PRIVATE KEY-----/g);
  if (!blocks) throw new IdTokenKeyError('ID_TOKEN_PRIVATE_KEYS: expected a JWK, a JWK set or PKCS#8 PEM blocks');
  return Promise.all(blocks.map(pemToJwk));
}

async function pemToJwk(pem: string): Promise<JWK> {
  for (const alg of ALGORITHMS) {
    try {
      return await exportJWK(await importPKCS8(pem, alg, { extractable: true }));
    } catch {
      /* try the next algorithm */
    }
  }
  throw new IdTokenKeyError('ID_TOKEN_PRIVATE_KEYS: a PEM key is neither EC P-256 nor Ed25519');
}

async function keysFromDataDir(dir: string): Promise<JWK[]> {
  const file = path.join(dir, KEY_FILE);
  if (!fs.existsSync(file)) {
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    const jwk = await exportJWK(privateKey);
    privateDirectory(dir);
    try {
      // wx: never overwrite a key another start wrote meanwhile; tokens signed by it must keep verifying.
      fs.writeFileSync(file, JSON.stringify({ keys: [jwk] }, null, 2), { mode: OWNER_ONLY_FILE, flag: 'wx' });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  return parseConfiguredKeys(fs.readFileSync(file, 'utf8'));
}
