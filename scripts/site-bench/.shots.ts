import {chromium} from '@playwright/test';
import {startGzipServer} from './serve';
async function main() {
  const server = await startGzipServer(process.argv[2]);
  const browser = await chromium.launch({executablePath: '/usr/bin/chromium', args: ['--no-sandbox']});
  try {
    for (const locale of ['en', 'ko', 'zh']) {
      for (const scheme of ['light', 'dark'] as const) {
        const context = await browser.newContext({viewport: {width: 412, height: 823}, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true, colorScheme: scheme});
        await context.addInitScript((s) => localStorage.setItem('theme', s), scheme);
        const page = await context.newPage();
        const prefix = locale === 'en' ? '' : `/${locale}`;
        await page.goto(`${server.url}${prefix}/docs/benchmarks/eks-cni`, {waitUntil: 'networkidle'});
        const fig = page.locator('figure[data-chart="DnsResourceChart"]');
        await fig.evaluate((el) => el.scrollIntoView({block: 'center'}));
        await page.waitForFunction(() => document.querySelectorAll('figure[data-chart="DnsResourceChart"] [data-drawn]').length >= 2, undefined, {timeout: 60000});
        await page.waitForTimeout(500);
        await page.screenshot({path: `/tmp/phone/shots/eks-${locale}-${scheme}.png`});
        await page.goto(`${server.url}${prefix}/docs/contributing/site-speed`, {waitUntil: 'networkidle'});
        const phone = page.locator('figure[data-chart="SitePhoneChart"]');
        await phone.evaluate((el) => el.scrollIntoView({block: 'start'}));
        await page.waitForFunction(() => document.querySelectorAll('figure[data-chart="SitePhoneChart"] [data-drawn]').length >= 1, undefined, {timeout: 60000});
        await page.waitForTimeout(500);
        await page.screenshot({path: `/tmp/phone/shots/site-${locale}-${scheme}.png`});
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await server.close();
  }
}
main().catch((e) => {
  console.error(e);
  process.exit(1);
});
