/**
 * kubelet-resource: the kubelet's /metrics/resource through the API server, before
 * and during a load. Fixture: the EKS script's capture on the local cluster
 * (httpbin under fortio's saturating load, scripts/benchmarks/test/fixtures/kubelet).
 * Expected values are recomputed here from the raw text with plain string handling.
 */
import {describe, expect, it} from 'vitest';
import {parseKubeletResource} from '../parsers/kubelet';
import {expectClose, read} from './helpers';

const FILE = 'resource-httpbin.txt';
const text = () => read('kubelet', FILE);

/** Per pod: [value, timestamp-ms] of `name` for container httpbin, in sample order. */
function series(raw: string, name: string): Map<string, [number, number][]> {
  const out = new Map<string, [number, number][]>();
  for (const line of raw.split('\n')) {
    const m = new RegExp(`^${name}\\{container="httpbin",namespace="bench",pod="([^"]+)"\\} (\\S+) (\\d+)$`).exec(line);
    if (!m) continue;
    out.set(m[1], [...(out.get(m[1]) ?? []), [Number(m[2]), Number(m[3])]]);
  }
  return out;
}

const row = (rows: ReturnType<typeof parseKubeletResource>, metric: string, stat: string) => {
  const r = rows.find((x) => x.metric === metric && x.conditions?.stat === stat && x.conditions?.component === 'httpbin');
  if (!r) throw new Error(`no ${metric} ${stat} row in ${JSON.stringify(rows)}`);
  return r.value;
};

describe('kubelet resource metrics under load', () => {
  it('CPU: counter delta from the sample before the load to the last one, over the kubelet timestamps, mean of the pods', () => {
    const cpu = series(text(), 'container_cpu_usage_seconds_total');
    expect(cpu.size).toBe(2);
    const perPod = [...cpu.values()].map((s) => ((s.at(-1)![0] - s[0][0]) / ((s.at(-1)![1] - s[0][1]) / 1000)) * 1000);
    const rows = parseKubeletResource(text(), FILE);
    expectClose(row(rows, 'cpu_usage', 'avg'), (perPod[0] + perPod[1]) / 2);
    // max: the busiest interval of any pod, never below the window's mean.
    const steps = [...cpu.values()].flatMap((s) => s.slice(1).map((p, k) => ((p[0] - s[k][0]) / ((p[1] - s[k][1]) / 1000)) * 1000));
    expectClose(row(rows, 'cpu_usage', 'max'), Math.max(...steps));
  });

  it('memory: working set in MiB of the samples during the load (not the one before)', () => {
    const mem = [...series(text(), 'container_memory_working_set_bytes').values()].flatMap((s) => s.slice(1).map(([v]) => v / 2 ** 20));
    const rows = parseKubeletResource(text(), FILE);
    expectClose(row(rows, 'memory_usage', 'avg'), mem.reduce((a, b) => a + b, 0) / mem.length);
    expectClose(row(rows, 'memory_usage', 'max'), Math.max(...mem));
  });

  it('only the named pods count: other pods on the node are ignored', () => {
    const components = new Set(parseKubeletResource(text(), FILE).map((r) => r.conditions?.component));
    expect([...components]).toEqual(['httpbin']);
    expect(text()).toMatch(/container="fortio"/); // the client's container is in the scrape too
  });

  it('a container restart (counter going down) during the load is refused, naming the file and the container', () => {
    const lines = text().split('\n');
    const last = lines.map((l, i) => (l.startsWith('container_cpu_usage_seconds_total{container="httpbin"') ? i : -1)).filter((i) => i >= 0).at(-1)!;
    lines[last] = lines[last].replace(/\} \S+ /, '} 0.001 ');
    expect(() => parseKubeletResource(lines.join('\n'), 'run/u.txt')).toThrow(/^run\/u.txt: bench\/httpbin-[^/]+\/httpbin: container_cpu_usage_seconds_total went down .* restarted during the load/);
  });

  it('a window shorter than the kubelet stats interval (same timestamp before and after) is refused', () => {
    const raw = text();
    const [head] = raw.split(/(?=^# sample 1 )/m);
    const again = head.replace(/^# pods .*\n/m, '').replace('# sample 0 ', '# sample 1 ');
    expect(() => parseKubeletResource(`${head}${again}`, 'f')).toThrow(/same timestamp in samples 0 and 1/);
  });

  it('refuses a capture without the pod list, without a sample during the load, or naming pods that are not there', () => {
    expect(() => parseKubeletResource(text().replace(/^# pods .*$/m, ''), 'f')).toThrow(/f: no "# pods/);
    const [head] = text().split(/(?=^# sample 1 )/m);
    expect(() => parseKubeletResource(head, 'f')).toThrow(/no sample during it/);
    expect(() => parseKubeletResource(text().replace(/^# pods .*$/m, '# pods bench/gone-1'), 'f')).toThrow(/no container_cpu_usage_seconds_total series of the pods bench\/gone-1/);
  });
});
