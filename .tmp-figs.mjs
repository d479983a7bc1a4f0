import {chromium} from '@playwright/test';
const [,, url, prefix, scheme='light', width='1280'] = process.argv;
const b = await chromium.launch({executablePath: '/usr/bin/chromium', args: ['--no-sandbox']});
const p = await b.newPage({viewport: {width: Number(width), height: 900}, colorScheme: scheme});
await p.goto(url);
await p.waitForLoadState('networkidle');
const figs = await p.locator('figure[data-chart]').all();
for (const f of figs) {
  await f.scrollIntoViewIfNeeded();
  await p.waitForTimeout(800);
  const name = await f.getAttribute('data-chart');
  await f.screenshot({path: `${prefix}-${name}.png`});
}
console.log(figs.length);
await b.close();
