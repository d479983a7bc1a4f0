import {chromium} from 'playwright-core';
const [url, prefix, scheme='light', width='1100'] = process.argv.slice(2);
const browser = await chromium.launch({executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync']});
const page = await browser.newPage({viewport: {width: Number(width), height: 900}, colorScheme: scheme});
const errors = [];
page.on('console', m => m.type() === 'error' && errors.push(m.text()));
page.on('pageerror', e => errors.push(String(e)));
await page.goto(url, {waitUntil: 'networkidle'});
const figs = page.locator('figure[data-chart]');
const n = await figs.count();
for (let i = 0; i < n; i++) { await figs.nth(i).scrollIntoViewIfNeeded(); await page.waitForTimeout(500); await figs.nth(i).screenshot({path: `${prefix}-${i}.png`}); }
console.log('figs', n, 'svg', await page.locator('figure[data-chart] svg.recharts-surface').count(), 'errors', JSON.stringify(errors));
await browser.close();
