import {chromium} from '@playwright/test';
import {benchPages} from './scripts/site-bench/pages';
import {buildFileFor, gzipSize, isRechartsChunk, kib} from './scripts/site-bench/build-files';
const [port, dir] = process.argv.slice(2);
(async () => {
  const b = await chromium.launch({executablePath: '/usr/bin/chromium', args: ['--no-sandbox']});
  for (const pg of benchPages()) {
    const p = await b.newPage({viewport: {width: 360, height: 640}});
    const scripts = new Set<string>();
    p.on('request', (r) => { const u = new URL(r.url()); if (r.resourceType() === 'script' && u.port === port) scripts.add(u.pathname); });
    const res = await p.goto(`http://127.0.0.1:${port}${pg.route}`);
    if (res?.status() !== 200) { console.log(pg.route, 'missing'); await p.close(); continue; }
    await p.waitForLoadState('networkidle');
    const files = [...scripts].map((s) => buildFileFor(dir, s));
    const total = files.reduce((a, f) => a + gzipSize(f), 0);
    console.log(pg.route.padEnd(30), kib(total).padStart(10), `${files.length} files`, `recharts at load: ${files.filter(isRechartsChunk).length}`);
    await p.close();
  }
  await b.close();
})();
