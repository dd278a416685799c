// Lighthouse against the built console: the sign-in page (`/`), the password reset page of a
// link the demo admin asked for and the account activation page of a Viewer the identity
// provider made (both links read from the outbox), and the dashboard signed in as the demo admin, with the mobile (Lighthouse's default) and desktop presets, in the system
// Chromium. Lighthouse is not a dependency of the project: it runs with `npx`.
// Usage: node bench/lighthouse.mjs [runs=3] [--json] [--page=sign-in|reset|activate|dashboard] [--preset=mobile|desktop]
//   [--screenshots=DIR] (each page at 390 and 1440 px wide into DIR first, to compare a change's
//   look by eye; with runs 0, only that)
//   0 runs: no Lighthouse, each page prepared and opened once in Chromium (the check in npm test).
//   CHROME_PATH (default /usr/bin/chromium), BENCH_PORT (server port; Chromium's debugging
//   port is the next one; default: free ports), LIGHTHOUSE (default lighthouse@13),
//   BENCH_WEB_DIST (a web build to serve instead of apps/web/dist: a copy of the build before
//   a change, to measure before and after with the same server).
// Each page × preset is run `runs` times; the table shows the run of median performance.
// Reports (JSON) go to bench/results/tmp/lighthouse/.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { ensureBuilt, ensureInstalled, root } from '../scripts/lib.mjs';
import { DEMO_ADMIN, freePort, resultsDir, sleep, startProcess } from './lib.mjs';

const runs = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 3);
const asJson = process.argv.includes('--json');
const option = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const lighthouse = process.env.LIGHTHOUSE ?? 'lighthouse@13';
const chromeFlags = ['--headless=new', '--no-sandbox', '--disable-gpu'];
const reports = path.join(resultsDir, 'tmp/lighthouse');

ensureInstalled();
ensureBuilt();
fs.mkdirSync(reports, { recursive: true });

const port = Number(process.env.BENCH_PORT ?? (await freePort()));
const debugPort = process.env.BENCH_PORT ? port + 1 : await freePort();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-lighthouse-'));
// Ready once the database answers (/readyz), not only the HTTP server: the sign-in comes next.
const server = await startProcess('apps/server/dist/main.js', {
  port,
  probe: '/readyz',
  env: {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    WEB_DIST_DIR: process.env.BENCH_WEB_DIST ?? path.join(root, 'apps/web/dist'),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  },
});

/** One Lighthouse run; `chrome` is the debugging port of a running browser, else Lighthouse launches its own. */
function runLighthouse(url, preset, name, chrome) {
  const out = path.join(reports, `${name}.json`);
  const args = [
    '--yes',
    lighthouse,
    url,
    '--output=json',
    `--output-path=${out}`,
    '--only-categories=performance,accessibility,best-practices',
    '--quiet',
    ...(preset === 'desktop' ? ['--preset=desktop'] : []),
    ...(chrome ? [`--port=${chrome}`, '--disable-storage-reset'] : [`--chrome-flags=${chromeFlags.join(' ')}`]),
  ];
  const res = spawnSync('npx', args, { env: { ...process.env, CHROME_PATH: chromePath }, stdio: ['ignore', 'ignore', 'pipe'] });
  if (res.status !== 0) throw new Error(`lighthouse ${name} exited with ${res.status}: ${res.stderr.toString().slice(-2000)}`);
  return summarize(JSON.parse(fs.readFileSync(out, 'utf8')));
}

function summarize(lhr) {
  const score = (c) => Math.round(lhr.categories[c].score * 100);
  const ms = (a) => Math.round(lhr.audits[a].numericValue);
  // Audits that lose points: weighted in a category and not passed.
  const weighted = new Set(Object.values(lhr.categories).flatMap((c) => c.auditRefs.filter((r) => r.weight > 0).map((r) => r.id)));
  const failed = Object.values(lhr.audits)
    .filter((a) => weighted.has(a.id) && a.score !== null && a.score < 0.9)
    .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcpMs: ms('first-contentful-paint'),
    lcpMs: ms('largest-contentful-paint'),
    tbtMs: ms('total-blocking-time'),
    cls: Math.round(lhr.audits['cumulative-layout-shift'].numericValue * 1000) / 1000,
    transferKB: Math.round(lhr.audits['total-byte-weight'].numericValue / 1024),
    failed,
  };
}

const results = [];
// The signed-in pages: a browser of our own with a debugging port, signed in through the API
// (Playwright over CDP writes the cookies into the browser's default profile, which
// Lighthouse's tab shares; --disable-storage-reset keeps them).
const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-lighthouse-profile-'));
const chrome = spawn(chromePath, [...chromeFlags, `--remote-debugging-port=${debugPort}`, `--user-data-dir=${profile}`, 'about:blank'], {
  stdio: 'ignore',
});
try {
  const cdpUrl = `http://127.0.0.1:${debugPort}`;
  await withBrowser(cdpUrl, signIn);
  const targets = [
    { page: 'sign-in', url: `${server.base}/` },
    { page: 'reset', url: (option('page') ?? 'reset') === 'reset' ? await resetLink() : '' },
    { page: 'activate', url: (option('page') ?? 'activate') === 'activate' ? await withBrowser(cdpUrl, activationLink) : '' },
    { page: 'dashboard', url: `${server.base}/dashboard`, debug: debugPort },
  ];
  if (option('screenshots')) await screenshots(targets, option('screenshots'), cdpUrl);
  for (const { page, url, debug } of targets.filter((x) => (option('page') ?? x.page) === x.page)) {
    if (runs === 0) {
      // No Lighthouse: each page prepared as for a run and opened once, signed in as a run is.
      results.push({ page, opened: await withBrowser(cdpUrl, (context) => openOnce(context, url)) });
      continue;
    }
    for (const preset of ['mobile', 'desktop'].filter((p) => (option('preset') ?? p) === p)) {
      const all = [];
      for (let i = 1; i <= runs; i++) {
        // A cold load each time, as for the sign-in page: the profile keeps its cookies only.
        if (debug) await withBrowser(cdpUrl, clearCache);
        all.push(runLighthouse(url, preset, `${page}-${preset}-${i}`, debug));
      }
      const median = [...all].sort((a, b) => a.performance - b.performance)[Math.floor(all.length / 2)];
      results.push({ page, preset, runs: all.map((r) => r.performance), ...median });
      if (!asJson) console.error(`${page} ${preset}: performance ${all.map((r) => r.performance).join(', ')}`);
    }
  }
} finally {
  if (chrome.exitCode === null) {
    const exited = new Promise((r) => chrome.on('exit', r));
    chrome.kill();
    await exited;
  }
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(profile, { recursive: true, force: true });
}

/** Runs `fn` with the default context of the browser at `cdpUrl`, then disconnects (the browser stays). */
async function withBrowser(cdpUrl, fn) {
  let browser;
  for (let i = 0; !browser; i++) {
    browser = await chromium.connectOverCDP(cdpUrl).catch((err) => {
      if (i > 100) throw err;
      return sleep(100);
    });
  }
  try {
    return await fn(browser.contexts()[0]);
  } finally {
    await browser.close();
  }
}

/**
 * The answer of `call`, asked again while it is 503 (at most a minute): a server that fills its
 * demo data on a busy machine says it is busy for a while.
 */
async function untilNotBusy(call) {
  for (let i = 0; ; i++) {
    const answer = await call();
    const status = typeof answer.status === 'function' ? answer.status() : answer.status;
    if (status !== 503 || i >= 60) return answer;
    await sleep(1000);
  }
}

/** Signs the demo admin in as the web app does: the session cookies land in the browser's profile. */
async function signIn({ request }) {
  const headers = { 'x-requested-with': 'console' };
  const answer = await untilNotBusy(() => request.post(`${server.base}/api/auth/sign-in`, { data: DEMO_ADMIN, headers }));
  const { idToken } = await answer.json();
  const session = await untilNotBusy(() =>
    request.post(`${server.base}/api/auth`, { data: { idToken, email: DEMO_ADMIN.email }, headers }),
  );
  if (!session.ok()) throw new Error(`sign-in failed: ${session.status()} ${await session.text()}`);
}

/** A password reset link of the demo admin, as the e-mail in the outbox carries it (checking it on load does not use it). */
async function resetLink() {
  const headers = { 'x-requested-with': 'console', 'content-type': 'application/json' };
  const asked = await untilNotBusy(() =>
    fetch(`${server.base}/api/auth/password-reset/request`, { method: 'POST', headers, body: JSON.stringify({ email: DEMO_ADMIN.email }) }),
  );
  if (!asked.ok) throw new Error(`reset request failed: ${asked.status} ${await asked.text()}`);
  return outboxLink('/auth/password/reset');
}

/**
 * The activation link of a Viewer the identity provider makes: the demo admin (signed in, in
 * the browser's profile) turns invitations on and makes a SCIM token, and the provider creates
 * the person.
 */
async function activationLink({ request }) {
  const headers = { 'x-requested-with': 'console' };
  const { workspaces } = await (await untilNotBusy(() => request.get(`${server.base}/api/provisioning`, { headers }))).json();
  const config = { defaultRole: 'viewer', defaultWorkspaceIds: [workspaces[0].id], sendInvitations: true };
  const saved = await untilNotBusy(() => request.put(`${server.base}/api/provisioning/config`, { headers, data: config }));
  if (!saved.ok()) throw new Error(`provisioning config failed: ${saved.status()} ${await saved.text()}`);
  const token = await untilNotBusy(() =>
    request.post(`${server.base}/api/provisioning/tokens`, { headers, data: { name: 'Lighthouse identity provider' } }),
  );
  if (!token.ok()) throw new Error(`SCIM token failed: ${token.status()} ${await token.text()}`);
  const { secret } = await token.json();
  const userName = `lighthouse.viewer@acme.example`;
  const created = await untilNotBusy(() =>
    fetch(`${server.base}/api/scim/v2/Users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/scim+json' },
      body: JSON.stringify({
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
        userName,
        name: { givenName: 'Light', familyName: 'House' },
        emails: [{ value: userName, type: 'work', primary: true }],
        active: true,
      }),
    }),
  );
  if (created.status !== 201) throw new Error(`SCIM create failed: ${created.status} ${await created.text()}`);
  return outboxLink('/auth/invitation/activate');
}

/** The first link to `route` in the outbox's e-mails (quoted-printable undone), waiting up to 30 s for it. */
async function outboxLink(route) {
  const outbox = path.join(dataDir, 'outbox');
  const pattern = new RegExp(`https?://[^\\s"<>]+${route.replaceAll('/', '\\/')}\\?token=[A-Za-z0-9_%-]+`);
  for (let i = 0; i < 300; i++) {
    const mails = fs.existsSync(outbox) ? fs.readdirSync(outbox).map((f) => fs.readFileSync(path.join(outbox, f), 'utf8')) : [];
    for (const mail of mails) {
      const link = mail
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=')
        .match(pattern)?.[0];
      if (link) return link;
    }
    await sleep(100);
  }
  throw new Error(`no e-mail with a link to ${route} in the outbox`);
}

/** Each target's page at a phone's and a desktop's width; the signed-out ones in a browser of their own, without the session. */
async function screenshots(targets, dir, cdpUrl) {
  fs.mkdirSync(dir, { recursive: true });
  const fresh = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox'] });
  try {
    for (const { page, url, debug } of targets.filter((x) => x.url && (option('page') ?? x.page) === x.page)) {
      for (const width of [390, 1440]) {
        const shoot = async (context) => {
          const tab = await context.newPage();
          await tab.setViewportSize({ width, height: width < 600 ? 844 : 900 });
          await tab.goto(url, { waitUntil: 'networkidle' });
          await tab.screenshot({ path: path.join(dir, `${page}-${width}.png`), fullPage: true });
          await tab.close();
        };
        if (debug) await withBrowser(cdpUrl, shoot);
        else {
          const context = await fresh.newContext();
          await shoot(context);
          await context.close();
        }
      }
    }
  } finally {
    await fresh.close();
  }
}

/** Opens `url` in a tab of `context` until it has loaded; its status, or an error for any other than 2xx. */
async function openOnce(context, url) {
  const tab = await context.newPage();
  try {
    const res = await tab.goto(url, { waitUntil: 'load' });
    if (!res?.ok()) throw new Error(`${url}: ${res?.status()}`);
    return res.status();
  } finally {
    await tab.close();
  }
}

async function clearCache(context) {
  const page = context.pages()[0] ?? (await context.newPage());
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
}

if (asJson || runs === 0) console.log(JSON.stringify(results, null, 2));
else {
  console.log(`node ${process.version}, ${os.cpus().length} cores, ${lighthouse}, ${runs} run(s) each, median by performance`);
  console.log(
    '| page | preset | performance (runs) | accessibility | best practices | FCP (ms) | LCP (ms) | TBT (ms) | CLS | transfer (KB) |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const r of results) {
    console.log(
      `| ${r.page} | ${r.preset} | ${r.performance} (${r.runs.join(', ')}) | ${r.accessibility} | ${r.bestPractices} | ${r.fcpMs} | ${r.lcpMs} | ${r.tbtMs} | ${r.cls} | ${r.transferKB} |`,
    );
  }
  for (const r of results) if (r.failed.length) console.log(`${r.page} ${r.preset} below 0.9: ${r.failed.join(', ')}`);
}
