import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {loadDatasets} from './load';
import {makeDataset} from './testing/makeDataset';

const dirs: string[] = [];
function dataDir(files: Record<string, unknown>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-data-'));
  dirs.push(dir);
  for (const [rel, body] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), {recursive: true});
    fs.writeFileSync(path.join(dir, rel), typeof body === 'string' ? body : JSON.stringify(body));
  }
  return dir;
}
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, {recursive: true, force: true})));

describe('loadDatasets', () => {
  it('loads every suite version, oldest first', () => {
    const dir = dataDir({
      'test-suite/2026-01-02.json': makeDataset(),
      'test-suite/2026-01-02.1.json': makeDataset({version: '2026-01-02.1'}),
      'test-suite/2025-12-30.json': makeDataset({version: '2025-12-30'}),
      'test-suite/README.md': 'not a dataset',
    });
    expect(loadDatasets(dir).map((l) => l.dataset.version)).toEqual(['2025-12-30', '2026-01-02', '2026-01-02.1']);
  });

  it('fails when two files claim the same suite and version, naming both', () => {
    const dir = dataDir({
      'test-suite/2026-01-02.json': makeDataset(),
      'test-suite/copy.json': makeDataset(),
    });
    expect(() => loadDatasets(dir)).toThrow(/Invalid dataset test-suite\/copy\.json:\n {2}- \$\.version: test-suite@2026-01-02 is also claimed by test-suite\/2026-01-02\.json/);
  });

  it('fails when a file sits under the wrong name', () => {
    const dir = dataDir({'other/2026-01-02.json': makeDataset()});
    expect(() => loadDatasets(dir)).toThrow(/other\/2026-01-02\.json.*content says "test-suite\/2026-01-02\.json"/);
  });

  it('reports every invalid file at once', () => {
    const broken = makeDataset();
    broken.results[0].unit = 'Mbps';
    const dir = dataDir({'test-suite/2026-01-02.json': broken, 'test-suite/2026-01-03.json': '{oops'});
    let message = '';
    try {
      loadDatasets(dir);
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(/2 invalid dataset file/);
    expect(message).toMatch(/2026-01-02\.json[\s\S]*\$\.results\[0\]\.unit/);
    expect(message).toMatch(/2026-01-03\.json[\s\S]*not valid JSON/);
  });
});
