import React from 'react';
import {describe, expect, it} from 'vitest';
import {makeBundle} from '@site/src/data/testing/makeBundle';
import {makeDataset} from '@site/src/data/testing/makeDataset';
import {renderStatic} from '@site/src/data/testing/renderStatic';
import RawFileList from '.';

const SHA = 'a'.repeat(64);

describe('RawFileList', () => {
  it('links each file the site serves (under static/) to its download, and shows other paths as text', () => {
    const dataset = makeDataset({
      source: {
        kind: 'measured',
        script: 'scripts/benchmarks/local/bench-local.sh',
        scriptVersion: '1.0.0',
        raw: [
          {path: 'static/data/local/raw/2026-11-21/manifest.json', sha256: SHA},
          {path: 'seeds/report.txt', sha256: SHA},
        ],
      },
    });
    const doc = renderStatic(<RawFileList data={makeBundle(dataset)} />);
    const cells = [...doc.querySelectorAll('tbody tr td:first-child')];
    expect(cells.map((td) => td.querySelector('a')?.getAttribute('href') ?? null)).toEqual(['/data/local/raw/2026-11-21/manifest.json', null]);
    expect(cells.map((td) => td.textContent)).toEqual(['static/data/local/raw/2026-11-21/manifest.json', 'seeds/report.txt']);
  });

  it('names the folder the files share once, and shows each file within it', () => {
    const dir = 'static/data/kube-proxy/raw/2026-11-23/';
    const dataset = makeDataset({
      source: {
        kind: 'measured',
        script: 'scripts/benchmarks/kube-proxy/bench-kube-proxy.sh',
        scriptVersion: '1.0.0',
        raw: [`${dir}manifest.json`, `${dir}iptables/round-1/fullsync.txt`, `${dir}nftables/round-1/fullsync.txt`].map((path) => ({path, sha256: SHA})),
      },
    });
    const doc = renderStatic(<RawFileList data={makeBundle(dataset)} />);
    expect([...doc.querySelectorAll('details > p')].map((x) => x.textContent)).toContain(`Paths below are in ${dir}.`);
    const cells = [...doc.querySelectorAll('tbody tr td:first-child')];
    expect(cells.map((td) => td.textContent)).toEqual(['manifest.json', 'iptables/round-1/fullsync.txt', 'nftables/round-1/fullsync.txt']);
    expect(cells.map((td) => td.querySelector('a')?.getAttribute('href'))).toEqual([
      '/data/kube-proxy/raw/2026-11-23/manifest.json',
      '/data/kube-proxy/raw/2026-11-23/iptables/round-1/fullsync.txt',
      '/data/kube-proxy/raw/2026-11-23/nftables/round-1/fullsync.txt',
    ]);
  });
});
