import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {checkBuiltPages, forbiddenEnglish, latinShare} from './built-pages';
import type {AllowedEnglish} from './check';
import {pageText} from './page-text';
import {makeDataset} from '../../../src/data/testing/makeDataset';

const allowed: AllowedEnglish = {ids: {}, terms: ['Cilium', 'Service', 'ms', 'Bandwidth Manager']};
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'built-pages-'));
afterAll(() => fs.rmSync(root, {recursive: true, force: true}));

function site(locale: string, pages: Record<string, string>) {
  for (const [name, body] of Object.entries(pages)) {
    const file = path.join(root, 'build', locale, name);
    fs.mkdirSync(path.dirname(file), {recursive: true});
    fs.writeFileSync(file, `<!doctype html><html lang="${locale}"><head><title>${body.includes('<h1>') ? '제목' : '标题'}</title><script>var English = "words in a script";</script></head><body>${body}</body></html>`);
  }
}

describe('page text', () => {
  it('keeps prose and labels, drops code, scripts and translate="no"', () => {
    const t = pageText('<head><title>T</title><style>a{}</style></head><body><p>글 <code>kubectl get pods</code> 끝</p><pre>raw text</pre><span translate="no">name here</span><button aria-label="접기">x</button></body>');
    expect(t.runs.join('|')).toBe('글 | 끝|x');
    expect(t.labels).toEqual(['T', '접기']);
  });
});

describe('latin share', () => {
  it('counts English words, not names, units, versions or acronyms', () => {
    expect(latinShare('Cilium 1.16.5 서비스 TCP 12 ms m6i.xlarge Bandwidth Manager', new Set(allowed.terms)).share).toBe(0);
    const {share, words} = latinShare('지연 시간 tuning', new Set(allowed.terms));
    expect(words).toEqual(['tuning']);
    expect(share).toBeCloseTo(6 / 10);
  });
});

describe('built pages', () => {
  const dataset = makeDataset();
  const scenario = dataset.scenarios[0];
  scenario.routing = 'tunnel (VXLAN)';
  const forbidden = forbiddenEnglish('ko', [{origin: 'code.json id theme.x', text: 'system mode'}, {origin: 'code.json id env.helmChart', text: 'Helm chart {chart}'}], [{file: 'static/data/x/1.json', dataset}], allowed);

  it('knows which English must not be shown', () => {
    expect(forbidden.get('system mode')).toBe('code.json id theme.x');
    expect(forbidden.get('Helm chart')).toBe('code.json id env.helmChart');
    expect(forbidden.get('tunnel (VXLAN)')).toContain('scenarios[0].routing');
  });

  it('passes a clean Korean page and flags English strings, English share and line breaks', () => {
    site('ko', {
      'clean.html': '<h1>지연 시간</h1><p>Cilium의 서비스 지연은 12 ms입니다.</p><button aria-label="시스템 모드">x</button>',
      'leaky.html': '<h1>지연 시간</h1><p>라우팅: tunnel (VXLAN)</p><button aria-label="system mode">x</button><p>aws-node 사용량</p>',
    });
    const {pages, problems} = checkBuiltPages(root, 'build', 'ko', forbidden, allowed);
    expect(pages).toBe(2);
    expect(problems.filter((p) => p.file.endsWith('clean.html'))).toEqual([]);
    const leaky = problems.filter((p) => p.file.endsWith('leaky.html'));
    expect(leaky.filter((p) => p.key === 'english-string').map((p) => p.message.split('"')[1]).sort()).toEqual(['system mode', 'tunnel (VXLAN)']);
    expect(leaky.some((p) => p.key === 'latin-share')).toBe(true);
  });

  it('checks Chinese typography on zh pages', () => {
    site('zh', {'page.html': '<p>测试运行了五遍,每次</p><p>使用Cilium</p><p>第一行\n第二行</p><pre>代码,不查</pre>'});
    const rules = checkBuiltPages(root, 'build', 'zh', new Map(), allowed).problems.map((p) => p.key).sort();
    expect(rules).toEqual(['cjk-latin-spacing', 'half-width-punctuation', 'line-break-between-cjk']);
  });
});
