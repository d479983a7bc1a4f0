import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {execFileSync} from 'node:child_process';
import {describe, expect, it} from 'vitest';
import {findTypedFigures, proseOf, versionFileNames} from './check-typed-figures.mjs';
import {listSuites, versionFiles} from '../../src/data/suiteFolder';

const ROOT = path.resolve(__dirname, '../..');
const SCRIPT = path.join(ROOT, 'scripts/test/check-typed-figures.mjs');

/** A throwaway copy of docs/, i18n/ and static/data (without the raw files the script does not read) to plant figures in. */
function tempCopy(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'typed-figures-'));
  for (const sub of ['docs', 'i18n', 'static/data']) fs.cpSync(path.join(ROOT, sub), path.join(dir, sub), {recursive: true, filter: (src) => path.basename(src) !== 'raw'});
  return dir;
}

function run(root: string): {code: number; stderr: string} {
  try {
    execFileSync('node', [SCRIPT, '--root', root], {stdio: 'pipe'});
    return {code: 0, stderr: ''};
  } catch (e) {
    const err = e as {status: number; stderr: Buffer};
    return {code: err.status, stderr: err.stderr.toString()};
  }
}

// That the repository's pages pass is the figures stage of scripts/test/test-all.sh (both tiers): `npm run check:figures`.
describe('check-typed-figures', () => {
  it('reads the same dataset versions as the site', () => {
    const dataDir = path.join(ROOT, 'static/data');
    for (const suite of listSuites(dataDir)) expect(versionFileNames(path.join(dataDir, suite)).sort(), suite).toEqual(versionFiles(path.join(dataDir, suite)).sort());
  });

  it('lets a line that states a setting opt out, and only that line', () => {
    const values = new Set<number>();
    const mdx = ['impairment: 1 % drop {/* typed-figures: setting */}', 'loss was 1 %'].join('\n');
    expect(findTypedFigures(mdx, values)).toEqual([{line: 2, figure: '1 %', why: 'number with a unit'}]);
  });

  it('catches a figure planted in a copy of the EKS report, naming file and line', () => {
    const dir = tempCopy();
    try {
      const file = path.join(dir, 'docs/benchmarks/eks-cni.mdx');
      const lines = fs.readFileSync(file, 'utf8').split('\n');
      const at = lines.findIndex((l) => l.startsWith('## Conclusions')) + 2;
      lines.splice(at - 1, 0, 'RTT dropped to 3,135 µs in E.');
      fs.writeFileSync(file, lines.join('\n'));
      const {code, stderr} = run(dir);
      expect(code).toBe(1);
      expect(stderr).toContain(`docs/benchmarks/eks-cni.mdx:${at}: typed figure "3,135 µs"`);
    } finally {
      fs.rmSync(dir, {recursive: true, force: true});
    }
  });

  it('catches a bare number equal to a dataset value in a translated page', () => {
    const dir = tempCopy();
    try {
      const file = path.join(dir, 'i18n/ko/docusaurus-plugin-content-docs/current/benchmarks/eks-cni.mdx');
      fs.appendFileSync(file, '\n규칙 수는 10,059개입니다.\n');
      const {code, stderr} = run(dir);
      expect(code).toBe(1);
      expect(stderr).toMatch(/eks-cni\.mdx:\d+: typed figure "10,059" \(equals a dataset value\)/);
    } finally {
      fs.rmSync(dir, {recursive: true, force: true});
    }
  });

  it('ignores code, JSX attributes and expressions, but not prose around them', () => {
    const values = new Set([12.41, 4894]);
    const mdx = ['```bash', 'iperf3 -t 10 # 12.41 Gbps', '```', '<Metric where={{qps: 4894}} />', 'inline `12.41 Gbps` code', 'typed 12.41 here'].join('\n');
    expect(proseOf(mdx)).not.toContain('Gbps');
    expect(findTypedFigures(mdx, values)).toEqual([{line: 6, figure: '12.41', why: 'equals a dataset value'}]);
  });
});
