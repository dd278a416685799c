// Screenshots of the Super screens (French) at 390 and 1440, with each page's scroll width.
import { chromium } from 'playwright-core';
const [link, out] = [process.argv[2], process.argv[3]];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
const ctx = await browser.newContext({ locale: 'fr-FR', baseURL: new URL(link).origin });
const page = await ctx.newPage();
await page.goto(link);
await page.waitForURL(/dashboard|super/);
const orgs = await (await page.request.get(new URL('/api/organizations?page=1&limit=20&q=acme', link).href)).json();
const acme = orgs.organizations[0].id;
const screens = {
  list: '/fr/super/organizations',
  org: `/fr/super/organizations/${acme}`,
  settings: `/fr/super/organizations/${acme}/settings`,
  import: `/fr/super/organizations/${acme}/new-workflow-import`,
  results: '/fr/super/workflows/WorkflowSearchResult?name=a',
  user: '/fr/super/user?email=admin@acme.example',
};
for (const [w, h] of [[390, 844], [1440, 900]]) {
  await page.setViewportSize({ width: w, height: h });
  for (const [name, path] of Object.entries(screens)) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(400);
    const sw = await page.evaluate(() => document.documentElement.scrollWidth);
    console.log(`${name} ${w}: scrollWidth ${sw}`);
    await page.screenshot({ path: `${out}/${name}-${w}.png`, fullPage: name === 'org' || name === 'settings' });
  }
}
// The disable confirmation and the client key dialog at 390.
await page.setViewportSize({ width: 390, height: 844 });
await page.goto(screens.org);
await page.getByRole('button', { name: 'Désactiver l’organisation' }).click().catch(() => {});
await page.waitForTimeout(600);
await page.screenshot({ path: `${out}/disable-390.png` });
await browser.close();
