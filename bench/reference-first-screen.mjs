// The API reference's first screen against the built server: how long until the reader sees
// text (first contentful paint) and until Scalar's interactive reference has drawn, with
// Chromium slowed as a mid-range phone on a fair connection (4× CPU, 10 Mbit/s, 40 ms), each
// run in a fresh browser context (nothing cached); and the bytes sent for the page and script.
// Usage: node bench/reference-first-screen.mjs [runs=3]   CHROME_PATH (default /usr/bin/chromium)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { ensureBuilt, ensureInstalled, root } from '../scripts/lib.mjs';
import { startProcess } from './lib.mjs';

const runs = Number(process.argv[2] ?? 3);
ensureInstalled();
ensureBuilt();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-reference-'));
const server = await startProcess(path.join(root, 'apps/server/dist/main.js'), { env: { DATA_DIR: dataDir }, probe: '/readyz' });
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];
try {
  const rows = [];
  for (const [width, lang] of [
    [1440, 'fr'],
    [390, 'pt'],
  ]) {
    const firstPaint = [];
    const scalarDrawn = [];
    let bytes = {};
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 40,
        downloadThroughput: 10e6 / 8,
        uploadThroughput: 5e6 / 8,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      const sizes = {};
      cdp.on('Network.loadingFinished', (e) => (sizes[e.requestId] = e.encodedDataLength));
      const urls = {};
      cdp.on('Network.requestWillBeSent', (e) => (urls[e.requestId] = new URL(e.request.url).pathname));
      await page.goto(`${server.base}/api/v1/reference/?lang=${lang}`);
      firstPaint.push(
        await page.evaluate(
          () =>
            new Promise((resolve) =>
              new PerformanceObserver((list) => {
                const paint = list.getEntries().find((e) => e.name === 'first-contentful-paint');
                if (paint) resolve(paint.startTime);
              }).observe({ type: 'paint', buffered: true }),
            ),
        ),
      );
      await page.waitForSelector('.scalar-app', { timeout: 180_000 });
      scalarDrawn.push(await page.evaluate(() => performance.now()));
      bytes = Object.fromEntries(Object.entries(sizes).map(([id, size]) => [urls[id], size]));
      await context.close();
    }
    const kb = (suffix) => Math.round((Object.entries(bytes).find(([url]) => url.endsWith(suffix))?.[1] ?? 0) / 1024);
    rows.push(
      `${width} px, ${lang}: first contentful paint ${Math.round(median(firstPaint))} ms, Scalar drawn ${Math.round(median(scalarDrawn))} ms (median of ${runs}); page ${kb('/reference/')} KB, scalar.js ${kb('scalar.js')} KB on the wire`,
    );
  }
  console.log(rows.join('\n'));
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
