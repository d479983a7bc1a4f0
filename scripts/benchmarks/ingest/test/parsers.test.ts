import {describe, expect, it} from 'vitest';
import {PARSERS} from '../parsers';
import {parseIperf3Tcp, parseIperf3Udp} from '../parsers/iperf3';
import {MAX_FORTIO_ERROR_RATIO, parseFortioHttp, parseFortioTcp} from '../parsers/fortio';
import {parseNetperfCrr, parseNetperfRr} from '../parsers/netperf';
import {parseDnsLatency} from '../parsers/dns';
import {parseIptablesNat} from '../parsers/iptables';
import {parseCiliumLbList} from '../parsers/cilium';
import {parseKubeProxyMetrics, parseKubeProxySyncDelta} from '../parsers/kubeproxy';
import {parseBpftoolMaps} from '../parsers/bpftool';
import {parseTopSamples} from '../parsers/top';
import {parseProcStatus} from '../parsers/proc';
import type {MetricSample} from '../types';
import {expectClose, read, readJson} from './helpers';

const pick = (rows: MetricSample[], metric: string, stat?: string) => {
  const row = rows.find((r) => r.metric === metric && r.conditions?.stat === stat);
  if (!row) throw new Error(`no ${metric} ${stat ?? ''} row in ${JSON.stringify(rows)}`);
  return row.value;
};

describe('every raw kind has a parser that rejects an empty file', () => {
  for (const [kind, parser] of Object.entries(PARSERS)) {
    it(kind, () => expect(() => parser('  \n', `x/${kind}.raw`)).toThrow(`x/${kind}.raw: is empty`));
  }
});

describe('iperf3', () => {
  it('reads the receiver throughput in Gbps and no RTT loss of precision', () => {
    const doc = readJson('iperf3', 'tcp-1stream.json');
    const rows = parseIperf3Tcp(read('iperf3', 'tcp-1stream.json'), 'f');
    expectClose(pick(rows, 'tcp_throughput'), doc.end.sum_received.bits_per_second / 1e9);
    expect(pick(rows, 'loaded_rtt')).toBe(doc.end.streams[0].sender.mean_rtt);
    // iperf3's RTT is the sender's smoothed RTT under a saturating load, never a pod-to-pod RTT.
    expect(rows.some((r) => r.metric === 'pod_rtt')).toBe(false);
  });

  it('averages the streams mean_rtt (microseconds) of a multi-stream test', () => {
    const doc = readJson('iperf3', 'tcp-4streams.json');
    const rtts: number[] = doc.end.streams.map((s: any) => s.sender.mean_rtt);
    expect(rtts).toHaveLength(4);
    expectClose(pick(parseIperf3Tcp(read('iperf3', 'tcp-4streams.json'), 'f'), 'loaded_rtt'), rtts.reduce((a, b) => a + b) / 4);
  });

  it('reads UDP loss and jitter from the receiver side', () => {
    const doc = readJson('iperf3', 'udp-100m.json');
    const rows = parseIperf3Udp(read('iperf3', 'udp-100m.json'), 'f');
    expect(pick(rows, 'udp_loss')).toBe(doc.end.sum_received.lost_percent);
    expect(pick(rows, 'udp_jitter')).toBe(doc.end.sum_received.jitter_ms);
    expectClose(pick(rows, 'udp_throughput'), doc.end.sum_received.bits_per_second / 1e9);
  });

  it('never falls back to the sender view when the receiver sum lacks loss', () => {
    const doc = readJson('iperf3', 'udp-100m.json');
    doc.end.sum_received = {bits_per_second: 1};
    doc.end.sum = {...doc.end.sum, lost_percent: 7.5, jitter_ms: 0.25};
    expect(() => parseIperf3Udp(JSON.stringify(doc), 'run/u.json')).toThrow(/run\/u.json: .*end.sum_received.lost_percent/);
  });

  it('flags a UDP run that sent less than 0.9 x its target bitrate', () => {
    const doc = readJson('iperf3', 'udp-100m.json');
    expect(parseIperf3Udp(read('iperf3', 'udp-100m.json'), 'f').some((r) => r.flag)).toBe(false);
    doc.start.test_start.target_bitrate = doc.end.sum_sent.bits_per_second / 0.89;
    const rows = parseIperf3Udp(JSON.stringify(doc), 'run/u.json');
    expect(rows.every((r) => r.flag?.kind === 'target-not-reached')).toBe(true);
    expect(rows[0].flag!.why).toMatch(/^run\/u.json: sent 0\.1\u00a0Gbps of the 0\.11\u00a0Gbps target \(89%\)/);
  });

  it('rejects the "error" key of a refused connection, naming the file', () => {
    expect(() => parseIperf3Tcp(read('iperf3', 'refused.json'), 'run/a/round-1/tcp.json')).toThrow(
      /run\/a\/round-1\/tcp.json: iperf3 reported an error: unable to connect/,
    );
  });

  it('rejects truncated JSON', () => {
    expect(() => parseIperf3Tcp(read('iperf3', 'tcp-truncated.json'), 'f')).toThrow(/f: truncated JSON/);
  });

  it('refuses a UDP file given as TCP', () => {
    expect(() => parseIperf3Tcp(read('iperf3', 'udp-100m.json'), 'f')).toThrow(/UDP test/);
  });
});

describe('fortio', () => {
  it('reads achieved QPS and latency percentiles in ms (keepalive: no connect time)', () => {
    const doc = readJson('fortio', 'http-keepalive-qps200.json');
    const rows = parseFortioHttp(read('fortio', 'http-keepalive-qps200.json'), 'f');
    expect(pick(rows, 'http_rps')).toBe(doc.ActualQPS);
    const p99 = doc.DurationHistogram.Percentiles.find((p: any) => p.Percentile === 99).Value;
    expectClose(pick(rows, 'http_latency', 'p99'), p99 * 1000);
    expectClose(pick(rows, 'http_latency', 'avg'), doc.DurationHistogram.Avg * 1000);
    expect(rows.some((r) => r.metric === 'conn_setup_time')).toBe(false);
  });

  it('reads connect time in microseconds when keepalive is off', () => {
    const doc = readJson('fortio', 'http-close-max.json');
    expect(doc.DisableKeepAlive).toBe(true);
    const p50 = doc.ConnectionStats.Percentiles.find((p: any) => p.Percentile === 50).Value;
    expectClose(pick(parseFortioHttp(read('fortio', 'http-close-max.json'), 'f'), 'conn_setup_time', 'p50'), p50 * 1e6);
  });

  it('rejects a run without one successful call (connection refused)', () => {
    expect(() => parseFortioHttp(read('fortio', 'http-refused.json'), 'g.json')).toThrow(/g.json: fortio made no successful call \(\d+ x connection error\)/);
  });

  it(`rejects more than ${MAX_FORTIO_ERROR_RATIO * 100}% failed calls but accepts fewer`, () => {
    const doc = readJson('fortio', 'http-keepalive-qps200.json');
    doc.RetCodes = {'200': 95, '503': 5};
    expect(() => parseFortioHttp(JSON.stringify(doc), 'f')).toThrow(/5 x 503 of 100/);
    doc.RetCodes = {'200': 1000, '-1': 1};
    expect(pick(parseFortioHttp(JSON.stringify(doc), 'f'), 'http_rps')).toBe(doc.ActualQPS);
  });

  it('reads tcp echo round trips in microseconds', () => {
    const doc = readJson('fortio', 'tcp-echo.json');
    const p90 = doc.DurationHistogram.Percentiles.find((p: any) => p.Percentile === 90).Value;
    expectClose(pick(parseFortioTcp(read('fortio', 'tcp-echo.json'), 'f'), 'tcp_rr_latency', 'p90'), p90 * 1e6);
  });

  it('refuses an HTTP result given as tcp', () => {
    expect(() => parseFortioTcp(read('fortio', 'http-close-max.json'), 'f')).toThrow(/RunType is "HTTP"/);
  });
});

describe('netperf', () => {
  const columns = (file: string) => {
    const lines = read('netperf', file).trim().split('\n');
    return lines[lines.length - 1].split(',').map(Number);
  };

  it('maps the -o columns to p50/p90/p99/avg of TCP_RR', () => {
    const [p50, p90, p99, mean] = columns('tcp-rr.txt');
    const rows = parseNetperfRr(read('netperf', 'tcp-rr.txt'), 'f');
    expect([pick(rows, 'tcp_rr_latency', 'p50'), pick(rows, 'tcp_rr_latency', 'p90'), pick(rows, 'tcp_rr_latency', 'p99'), pick(rows, 'tcp_rr_latency', 'avg')]).toEqual([
      p50,
      p90,
      p99,
      mean,
    ]);
  });

  it('gives TCP_CRR as tcp_crr_latency', () => {
    const [p50] = columns('tcp-crr.txt');
    expect(pick(parseNetperfCrr(read('netperf', 'tcp-crr.txt'), 'f'), 'tcp_crr_latency', 'p50')).toBe(p50);
  });

  it('gives the TCP_CRR transaction rate (one new connection per transaction) as tcp_crr_rate', () => {
    const rate = columns('tcp-crr.txt')[4];
    const rows = parseNetperfCrr(read('netperf', 'tcp-crr.txt'), 'f');
    expect(rows.find((r) => r.metric === 'tcp_crr_rate')).toEqual({metric: 'tcp_crr_rate', value: rate});
  });

  it('keeps TCP_RR to its latency: no rate row', () => {
    expect(parseNetperfRr(read('netperf', 'tcp-rr.txt'), 'f').map((r) => r.metric)).not.toContain('tcp_crr_rate');
  });

  it('rejects a TCP_CRR rate of zero (no connection completed)', () => {
    const lines = read('netperf', 'tcp-crr.txt').trim().split('\n');
    lines[lines.length - 1] = lines[lines.length - 1].replace(/,[^,]*$/, ',0.000');
    expect(() => parseNetperfCrr(lines.join('\n'), 'c.txt')).toThrow(/c.txt: "Transaction Rate Tran\/s" is "0.000"/);
  });

  it('rejects establish_control errors', () => {
    expect(() => parseNetperfRr(read('netperf', 'refused.txt'), 'n.txt')).toThrow(/n.txt: netperf reported an error/);
  });

  it('rejects output cut after the header', () => {
    const cut = read('netperf', 'tcp-rr.txt').trim().split('\n').slice(0, -1).join('\n');
    expect(() => parseNetperfRr(cut, 'f')).toThrow(/values line .* missing/);
  });
});

describe('dns latency', () => {
  it('gives p50 and p99 in ms of the microsecond lines', () => {
    const us = read('dns', 'dig-50-lookups.txt').trim().split('\n').map(Number);
    expect(us).toHaveLength(50);
    const sorted = [...us].sort((a, b) => a - b);
    const rows = parseDnsLatency(read('dns', 'dig-50-lookups.txt'), 'f');
    expect(pick(rows, 'dns_latency', 'p50')).toBe(sorted[24] / 1000);
    expect(pick(rows, 'dns_latency', 'p99')).toBe(sorted[49] / 1000);
  });

  it('names the line that is not a latency (e.g. raw dig output)', () => {
    expect(() => parseDnsLatency(read('dns', 'dig-one-answer.txt'), 'd.txt')).toThrow(/d.txt: line 1 is /);
  });
});

describe('iptables-save -t nat', () => {
  it('counts nat rules and the KUBE-SERVICES chain', () => {
    const text = read('iptables', 'nat-kube-proxy.txt');
    const all = text.split('\n').filter((l) => l.startsWith('-A ')).length;
    const services = text.split('\n').filter((l) => l.startsWith('-A KUBE-SERVICES ')).length;
    const rows = parseIptablesNat(text, 'f');
    expect(pick(rows, 'iptables_nat_rules')).toBe(all);
    expect(pick(rows, 'service_chain_length')).toBe(services);
    expect(services).toBeGreaterThan(0);
  });

  it('rejects a capture without COMMIT', () => {
    expect(() => parseIptablesNat(read('iptables', 'nat-truncated.txt'), 'f')).toThrow(/no COMMIT line/);
  });
});

describe('formats written from documentation (see fixtures/README.md)', () => {
  it('cilium-dbg bpf lb list: one entry per frontend slot and backend slot', () => {
    const entries = read('cilium', 'lb-list.txt').trim().split('\n').length - 1;
    expect(pick(parseCiliumLbList(read('cilium', 'lb-list.txt'), 'f'), 'bpf_lb_entries')).toBe(entries);
    expect(() => parseCiliumLbList('garbage\n', 'c')).toThrow(/c: no "SERVICE ADDRESS/);
  });

  it('kube-proxy metrics: average sync from _sum/_count and the p99 bucket bound', () => {
    const rows = parseKubeProxyMetrics(read('kubeproxy', 'metrics.txt'), 'f');
    // 4.2 s over 100 syncs = 42 ms; 99 of 100 syncs are within the 0.128 s bucket.
    expectClose(pick(rows, 'kubeproxy_sync_time', 'avg'), 42);
    expectClose(pick(rows, 'kubeproxy_sync_time', 'p99'), 128);
    expect(() => parseKubeProxyMetrics("# only comments\n", "k")).toThrow(/k: the scrape: no kubeproxy_sync_full_proxy_rules_duration_seconds or kubeproxy_sync_proxy_rules_duration_seconds histogram/);
  });

  it('bpftool map show -j: only cilium_* maps, memory in MB, per-map rows', () => {
    const maps: any[] = readJson('bpftool', 'maps.json').filter((m: any) => m.name.startsWith('cilium_'));
    const rows = parseBpftoolMaps(read('bpftool', 'maps.json'), 'f');
    expectClose(pick(rows, 'bpf_map_memory'), maps.reduce((a, m) => a + m.bytes_memlock, 0) / 1e6);
    expect(pick(rows, 'bpf_map_count')).toBe(maps.length);
    const lb = rows.find((r) => r.metric === 'bpf_map_max_entries' && r.conditions?.map === 'cilium_lb4_services_v2');
    expect(lb?.value).toBe(65536);
    expect(() => parseBpftoolMaps('[{"name":"x"', 'b')).toThrow(/b: not valid JSON/);
  });

  it('kubectl top samples: avg and max per container over pods and samples', () => {
    const rows = parseTopSamples(read('top', 'samples.txt'), 'f');
    const agent = (metric: string, stat: string) => rows.find((r) => r.metric === metric && r.conditions?.component === 'cilium-agent' && r.conditions?.stat === stat)?.value;
    // agent CPU samples 20, 30, 40, 10 m; memory 180, 200, 190, 1024 MiB
    expect(agent('cpu_usage', 'avg')).toBe(25);
    expect(agent('cpu_usage', 'max')).toBe(40);
    expect(agent('memory_usage', 'max')).toBe(1024);
    expect(() => parseTopSamples('cilium-x cilium-agent 1m 2Mi\n', 't')).toThrow(/t: line 1 comes before any/);
    const allNamespaces = 'NAMESPACE POD NAME CPU(cores) MEMORY(bytes)\nkube-system cilium-x cilium-agent 7m 2Gi\n';
    expect(parseTopSamples(allNamespaces, 'a').find((r) => r.metric === 'memory_usage' && r.conditions?.stat === 'max')?.value).toBe(2048);
    expect(() => parseTopSamples('POD NAME CPU(cores) MEMORY(bytes)\ncilium-x 7m 2Gi\n', 'w')).toThrow(/w: line 2 has 3 columns/);
  });
});

/**
 * Real outputs the parsers were not written against (held-out/, see the fixtures
 * README): each must be rejected or flagged, with the file named.
 */
describe('held-out raw outputs are rejected or flagged, naming the file', () => {
  const file = (name: string) => `held-out/${name}`;

  it('iperf3 reverse mode (-R): RTT 0 is rejected', () => {
    expect(readJson('held-out', 'iperf3-reverse.json').start.test_start.reverse).toBe(1);
    expect(() => parseIperf3Tcp(read('held-out', 'iperf3-reverse.json'), file('iperf3-reverse.json'))).toThrow(
      /^held-out\/iperf3-reverse.json: stream 1 reports a sender mean_rtt of 0 us: .*reverse mode \(-R\)/,
    );
  });

  it('any RTT <= 0 is rejected, also without -R', () => {
    const doc = readJson('iperf3', 'tcp-4streams.json');
    doc.end.streams[2].sender.mean_rtt = -5;
    expect(() => parseIperf3Tcp(JSON.stringify(doc), 'x.json')).toThrow(/^x.json: stream 3 reports a sender mean_rtt of -5 us/);
  });

  it('CPU-bound UDP (one stream at 40G) is flagged target-not-reached with its sent share', () => {
    const rows = parseIperf3Udp(read('held-out', 'iperf3-udp-cpu-bound.json'), file('iperf3-udp-cpu-bound.json'));
    const doc = readJson('held-out', 'iperf3-udp-cpu-bound.json');
    const share = (doc.end.sum_sent.bits_per_second / doc.start.test_start.target_bitrate) * 100;
    // Under 10 %, a percent level is written with one decimal (src/data/format.ts).
    expect(share).toBeLessThan(10);
    expect(rows[0].flag?.kind).toBe('target-not-reached');
    expect(rows[0].flag?.why).toContain(`held-out/iperf3-udp-cpu-bound.json: sent`);
    expect(rows[0].flag?.why).toContain(`(${share.toFixed(1)}%)`);
  });

  it('iperf3 older than 3.12 (no receiver sum; constructed from the documented format) is rejected', () => {
    expect(() => parseIperf3Udp(read('held-out', 'iperf3-udp-3.9-constructed.json'), file('iperf3-udp-3.9-constructed.json'))).toThrow(
      /^held-out\/iperf3-udp-3.9-constructed.json: iperf 3.9 .*3.12/,
    );
  });

  it('fortio against a closed port (every call failed, exit code 0) is rejected', () => {
    expect(() => parseFortioHttp(read('held-out', 'fortio-all-errors.json'), file('fortio-all-errors.json'))).toThrow(
      /^held-out\/fortio-all-errors.json: fortio made no successful call \(\d+ x connection error\)/,
    );
  });

  it('fortio with its default 1 ms histogram resolution (p50 above the mean) is rejected', () => {
    const doc = readJson('held-out', 'fortio-default-resolution.json');
    const p50 = doc.DurationHistogram.Percentiles.find((p: any) => p.Percentile === 50).Value;
    expect(p50).toBeGreaterThan(doc.DurationHistogram.Avg);
    expect(() => parseFortioHttp(read('held-out', 'fortio-default-resolution.json'), file('fortio-default-resolution.json'))).toThrow(
      /^held-out\/fortio-default-resolution.json: histogram resolution 1 ms is coarser than the p50 it reports \(0.\d+ ms\).*-r 0.00001/,
    );
  });

  it('the fixtures made with -r 0.00001 pass the resolution check', () => {
    for (const f of ['http-keepalive-qps200.json', 'http-close-max.json']) expect(() => parseFortioHttp(read('fortio', f), f)).not.toThrow();
    expect(() => parseFortioTcp(read('fortio', 'tcp-echo.json'), 'tcp-echo.json')).not.toThrow();
  });
});

describe('kube-proxy sync time from the difference of two scrapes', () => {
  const DELTA = read('kubeproxy', 'sync-delta.txt');
  const [before, after] = DELTA.split(/^# scrape .*$/m).slice(1);
  const value = (text: string, name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)![1]);
  const H = 'kubeproxy_sync_proxy_rules_duration_seconds';

  it('reads the mean of the step syncs only, not the lifetime average', () => {
    const rows = parseKubeProxySyncDelta(DELTA, 'f');
    const stepMean = ((value(after, `${H}_sum`) - value(before, `${H}_sum`)) / (value(after, `${H}_count`) - value(before, `${H}_count`))) * 1000;
    const lifetime = (value(after, `${H}_sum`) / value(after, `${H}_count`)) * 1000;
    expectClose(pick(rows, 'kubeproxy_sync_time', 'avg'), stepMean);
    expect(Math.abs(stepMean - lifetime)).toBeGreaterThan(10);
  });

  it('takes p99 from the bucket differences', () => {
    // Step syncs: 2 in <= 64 ms, 2 more in <= 128 ms, the rest in <= 256 ms.
    expect(pick(parseKubeProxySyncDelta(DELTA, 'f'), 'kubeproxy_sync_time', 'p99')).toBe(256);
  });

  it('prefers the full-sync histogram when kube-proxy has it', () => {
    const full = DELTA.replace(/kubeproxy_sync_proxy_rules_duration_seconds/g, 'kubeproxy_sync_full_proxy_rules_duration_seconds');
    const both = DELTA.split(/(?=^# scrape )/m).map((p) => p + full.split(/(?=^# scrape )/m)[0].replace(/^# scrape .*\n/, '').replace(/_sum \S+/, '_sum 99').replace(/_count \S+/, '_count 1000')).join('');
    expect(() => parseKubeProxySyncDelta(both, 'f')).toThrow(/did not change/);
  });

  it('rejects a step without syncs, a restart in between, and a single scrape, naming the file', () => {
    expect(() => parseKubeProxySyncDelta(`# scrape a\n${before}# scrape b\n${before}`, 'run/s.txt')).toThrow(/^run\/s.txt: .*_count did not change \(100\): kube-proxy did not sync during the step/);
    expect(() => parseKubeProxySyncDelta(`# scrape a\n${after}# scrape b\n${before}`, 'f')).toThrow(/went down \(110 -> 100\): kube-proxy restarted/);
    expect(() => parseKubeProxySyncDelta(read('kubeproxy', 'metrics.txt'), 'f')).toThrow(/expected two scrapes/);
  });
});

describe('proc-status', () => {
  it('reads VmRSS (KiB) as decimal MB', () => {
    const kib = Number(/^VmRSS:\s+(\d+) kB$/m.exec(read('proc', 'status.txt'))![1]);
    expectClose(parseProcStatus(read('proc', 'status.txt'), 'f')[0].value, (kib * 1024) / 1e6);
  });
  it('rejects text without VmRSS (a kernel thread, or not /proc/<pid>/status)', () => {
    expect(() => parseProcStatus('Name:\tkthreadd\nState:\tS\n', 'run/s.txt')).toThrow(/^run\/s.txt: no "VmRSS/);
  });
});

describe('dns-latency with failed lookups', () => {
  const ok = read('dns', 'dig-50-lookups.txt').trim().split('\n');
  it('one timeout fails that lookup, not the batch: percentiles over the answered ones', () => {
    const text = [...ok, 'failed: timeout'].join('\n') + '\n';
    const us = ok.map(Number).sort((a, b) => a - b);
    expect(pick(parseDnsLatency(text, 'f'), 'dns_latency', 'p50')).toBe(us[Math.ceil(us.length / 2) - 1] / 1000);
  });
  it('rejects a batch where more than 5 % of the lookups failed, naming the file and the count', () => {
    const text = [...ok, ...Array(5).fill('failed: SERVFAIL')].join('\n');
    expect(() => parseDnsLatency(text, 'run/dns.txt')).toThrow(/^run\/dns.txt: 5 of 55 lookups failed \(first: SERVFAIL\)/);
  });
});

describe('bpftool map names', () => {
  it('takes the full name from the pinned path (bpftool map show -f), the kernel keeps only 15 characters', () => {
    const rows = parseBpftoolMaps(read('bpftool', 'maps.json'), 'f');
    const maps = rows.filter((r) => r.metric === 'bpf_map_max_entries').map((r) => r.conditions?.map);
    expect(maps).toContain('cilium_lb4_services_v2');
    expect(maps).not.toContain('cilium_lb4_serv');
  });
});
