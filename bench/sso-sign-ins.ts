// Sign-ins through an organization's own identity provider on PostgreSQL: how many the built
// server concludes a second at SAML's ACS and at OpenID Connect's callback, and their p50/p99
// (docs/decisions/062 and 063). Target: 100 sign-ins/s and p99 < 250 ms, the identity provider
// excluded.
//
//   npx tsx bench/sso-sign-ins.ts [signIns=600] [concurrency=8]
//
// The demo server runs on a scratch database (demoServerOnBenchDatabase); its admin adds a SAML
// connection (the server suite's test identity provider, responses signed by xml-crypto) and an
// OpenID Connect one (`oidc-provider` on loopback), as the Single sign-on screen does. Each
// sign-in is a real round trip started at the console (state cookie, AuthnRequest or PKCE):
//   SAML  the round trips are started and their responses signed first, untimed (the identity
//         provider's work); then only the POSTs to the ACS are timed, `concurrency` at a time.
//   OIDC  the round trips are started and the provider's sign-in pages gone through first,
//         untimed; the callbacks are timed, and each includes the console's call to the
//         provider's token endpoint (oidc-provider on this machine, sharing its two cores): the
//         provider cannot be left out of a callback, so this figure is an upper bound.
// Every sign-in must end in a session; any refusal stops the run.
// Writes bench/results/sso-sign-ins.json.
import { startOidcPeer } from '../apps/server/src/test/oidc-peer.js';
import { createSamlIdp, readAuthnRedirect } from '../apps/server/src/test/saml-idp.js';
import { demoServerOnBenchDatabase, json, loadAverage, numberArgs, percentile, writeResults } from './lib.mjs';

const [signIns, concurrency] = numberArgs(600, 8);

const bench = await demoServerOnBenchDatabase({
  prefix: 'bench_sso',
  dataPrefix: 'bench-sso-',
  env: { SSO_CONNECTIONS_ALLOW_LOOPBACK: 'true', SIGN_IN_RATE_LIMIT_MAX: '100000000' },
});
const base = bench.server.base;
// Each sign-in is another Organizational Admin of the demo organization, as a morning's sign-ins
// are different people: one person over and over would wait on their own row each time.
const person = (i: number) => `sso.bench.${i}@acme.example`;
const { session } = await bench.signInAndFill(`${signIns} Organizational Admins`, async (organizationId) => {
  const started = performance.now();
  await bench.db.query(
    `insert into users (organization_id, email, display_name, role)
     select $1, 'sso.bench.' || i || '@acme.example', 'SSO Bench ' || i, 'org_admin' from generate_series(0, $2 - 1) i`,
    [organizationId, signIns],
  );
  return (performance.now() - started) / 1000;
});

const call = async (method: string, url: string, body?: unknown) =>
  json(
    await fetch(`${base}${url}`, {
      method,
      headers: { ...session, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );

const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

/** The answer ended in a session: the redirect to the page that finishes a sign-in, with the session's cookies. */
function expectSignedIn(res: Response, what: string) {
  const location = res.headers.get('location') ?? '';
  if (res.status !== 302 || !location.startsWith('/auth/oidc/success') || res.headers.getSetCookie().length === 0) {
    throw new Error(`${what}: ${res.status} ${location}`);
  }
}

/**
 * Sign-ins in batches of `BATCH`: each batch's round trips prepared untimed (`prepare(i)`, the
 * identity provider's part), then its answers to the console timed (`conclude`), `concurrency`
 * at a time. Batches, because a prepared answer ages: an authorization code lives a minute.
 * Each sign-in's milliseconds, and sign-ins a second over the timed parts alone.
 */
const BATCH = 100;
async function timed<T>(count: number, prepare: (i: number) => Promise<T>, conclude: (prepared: T, i: number) => Promise<void>) {
  const ms: number[] = [];
  let timedMs = 0;
  for (let from = 0; from < count; from += BATCH) {
    const batch: T[] = [];
    for (let i = from; i < Math.min(count, from + BATCH); i++) batch.push(await prepare(i));
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < batch.length) {
          const i = next++;
          const t0 = performance.now();
          await conclude(batch[i], from + i);
          ms.push(performance.now() - t0);
        }
      }),
    );
    timedMs += performance.now() - started;
  }
  ms.sort((a, b) => a - b);
  return { perSecond: Math.round((count * 1000) / timedMs), p50Ms: Math.round(percentile(ms, 50)), p99Ms: Math.round(percentile(ms, 99)) };
}

async function saml() {
  const { connection } = await call('POST', '/api/sso-connections', { kind: 'saml', name: 'Bench SAML' });
  const idp = createSamlIdp({
    entityId: 'https://idp.bench.example/saml',
    spEntityId: connection.saml.spEntityId,
    acsUrl: connection.saml.acsUrl,
  });
  await call('PUT', `/api/sso-connection/${connection.id}/saml/metadata`, {
    source: 'upload',
    xml: idp.metadata({ ssoUrl: 'https://idp.bench.example/sso' }),
  });
  await call('PATCH', `/api/sso-connection/${connection.id}`, { enabled: true });

  console.log(`SAML: ${signIns} sign-ins, their round trips started and responses signed untimed...`);
  const result = await timed(
    signIns,
    async (i) => {
      const start = await fetch(`${base}/api/auth/sso/connections/${connection.id}/start?redirect=%2F`, { redirect: 'manual' });
      const request = readAuthnRedirect(start.headers.get('location')!);
      const response = idp.response({ inResponseTo: request.id, nameId: person(i) });
      const form = { SAMLResponse: Buffer.from(response).toString('base64'), RelayState: request.relayState ?? '' };
      return { cookie: cookieOf(start), form: new URLSearchParams(form).toString() };
    },
    async ({ cookie, form }, i) => {
      const res = await fetch(connection.saml.acsUrl, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
        body: form,
      });
      expectSignedIn(res, `SAML sign-in ${i}`);
    },
  );
  await call('DELETE', `/api/sso-connection/${connection.id}`);
  return result;
}

async function oidc() {
  const peer = await startOidcPeer([]);
  const client = { clientId: 'bench-console', clientSecret: 'bench-console-secret-0123456789' };
  const { connection } = await call('POST', '/api/sso-connections', { kind: 'oidc', name: 'Bench OIDC', issuer: peer.issuer, ...client });
  await peer.register({ ...client, redirectUri: connection.callbackUrl });
  await call('PATCH', `/api/sso-connection/${connection.id}`, { enabled: true });

  console.log(`OIDC: ${signIns} sign-ins, their round trips started and the provider's pages gone through untimed...`);
  const result = await timed(
    signIns,
    async (i) => {
      const start = await fetch(`${base}/api/auth/sso/connections/${connection.id}/start?redirect=%2F`, { redirect: 'manual' });
      return {
        cookie: cookieOf(start),
        callback: await peer.signIn(start.headers.get('location')!, person(i), connection.callbackUrl),
      };
    },
    async ({ cookie, callback }, i) => {
      const res = await fetch(callback, { redirect: 'manual', headers: { cookie } });
      expectSignedIn(res, `OIDC sign-in ${i}`);
    },
  );
  await call('DELETE', `/api/sso-connection/${connection.id}`);
  await peer.close();
  return result;
}

try {
  const load = loadAverage();
  const samlResult = await saml();
  console.log(`SAML ACS: ${samlResult.perSecond} sign-ins/s, p50 ${samlResult.p50Ms} ms, p99 ${samlResult.p99Ms} ms`);
  const oidcResult = await oidc();
  console.log(
    `OIDC callback (with the provider's token endpoint): ${oidcResult.perSecond} sign-ins/s, p50 ${oidcResult.p50Ms} ms, p99 ${oidcResult.p99Ms} ms`,
  );
  writeResults('sso-sign-ins', { signIns, concurrency, loadAverageBefore: load, saml: samlResult, oidcWithTokenEndpoint: oidcResult });
} finally {
  await bench.close();
}
