/** iptables-save -t nat: how many NAT rules there are and how long the service dispatch chain is. */
import {RawFileError} from '../errors';
import type {MetricSample} from '../types';
import {requireText} from './common';

/** kube-proxy's dispatch chain; every Service adds rules here, walked linearly per new connection. */
const SERVICE_CHAIN = 'KUBE-SERVICES';

export function parseIptablesNat(text: string, file: string): MetricSample[] {
  requireText(text, file);
  const lines = text.split('\n');
  const start = lines.findIndex((l) => l.trim() === '*nat');
  if (start < 0) throw new RawFileError(file, 'no "*nat" table: capture with iptables-save -t nat');
  const end = lines.findIndex((l, i) => i > start && l.trim() === 'COMMIT');
  if (end < 0) throw new RawFileError(file, 'the nat table has no COMMIT line (truncated capture?)');
  const perChain = new Map<string, number>();
  for (const line of lines.slice(start + 1, end)) {
    const m = /^-A (\S+)/.exec(line);
    if (m) perChain.set(m[1], (perChain.get(m[1]) ?? 0) + 1);
  }
  const total = [...perChain.values()].reduce((a, b) => a + b, 0);
  // Without kube-proxy (local suite) the longest chain is the synthetic one in the path.
  const chainLength = perChain.get(SERVICE_CHAIN) ?? Math.max(0, ...perChain.values());
  return [
    {metric: 'iptables_nat_rules', value: total},
    {metric: 'service_chain_length', value: chainLength},
  ];
}
