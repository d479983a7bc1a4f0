/**
 * The single-file TKE download the build generates (src/plugins/script-downloads):
 * the report's download links resolve in every locale, the served file matches
 * the served sha256 line, and the file runs on its own, in an empty directory
 * with no checkout around it.
 */
import {spawnSync} from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {test, expect, localePath, DEFAULT_LOCALE, LOCALE_IDS} from './support/fixtures';

const ROUTE = '/docs/benchmarks/tke-cilium';
const FILE = 'network-benchmark.sh';

for (const locale of LOCALE_IDS) {
  test(`${locale}: the TKE report's script download and its checksum are served and agree @smoke`, async ({page, request}) => {
    await page.goto(localePath(locale, ROUTE));
    const scriptHref = await page.locator(`a[download][href$="/${FILE}"]`).first().getAttribute('href');
    const sumHref = await page.locator(`a[download][href$="/${FILE}.sha256"]`).first().getAttribute('href');
    expect(scriptHref, 'download link of the script').toBeTruthy();
    expect(sumHref, 'download link of its checksum').toBeTruthy();

    const script = await request.get(scriptHref!);
    const sum = await request.get(sumHref!);
    expect(script.status(), scriptHref!).toBe(200);
    expect(sum.status(), sumHref!).toBe(200);
    const body = await script.body();
    const digest = crypto.createHash('sha256').update(body).digest('hex');
    expect((await sum.text()).trim()).toBe(`${digest}  ${FILE}`);
    expect(body.toString('utf8')).toMatch(/^#!\/usr\/bin\/env bash\n/);

    test.skip(locale !== DEFAULT_LOCALE, 'the file is the same bundle in every locale; it is run once');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'download-'));
    try {
      fs.writeFileSync(path.join(dir, FILE), body);
      const {BENCH_LIB_DIR: _unused, ...env} = process.env;
      const help = spawnSync('bash', [FILE, '--help'], {cwd: dir, env, encoding: 'utf8', timeout: 30_000});
      expect(help.status, `${help.stdout}\n${help.stderr}`).toBe(0);
      expect(help.stdout + help.stderr).toContain(`Usage: ${FILE}`);
    } finally {
      fs.rmSync(dir, {recursive: true, force: true});
    }
  });
}
