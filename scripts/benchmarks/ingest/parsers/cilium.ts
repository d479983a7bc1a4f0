/**
 * `cilium-dbg bpf lb list` (table form): a header, then one line per entry of
 * the service map: each frontend's slot 0 plus one line per backend slot.
 * Lines whose first column is blank continue the previous frontend.
 */
import {RawFileError} from '../errors';
import type {MetricSample} from '../types';
import {requireText} from './common';

const ADDRESS = String.raw`\S+:\d+(?:\/\w+)?`;
/** Optional "frontend (slot)" column, then "backend (revnat) (slot)". */
const ENTRY = new RegExp(String.raw`^(?:${ADDRESS}\s+\(\d+\)\s+)?${ADDRESS}\s+\(\d+\)\s+\(\d+\)`);

export function parseCiliumLbList(text: string, file: string): MetricSample[] {
  requireText(text, file);
  const lines = text.split('\n');
  const header = lines.findIndex((l) => /^SERVICE ADDRESS\s+BACKEND ADDRESS/.test(l.trim()));
  if (header < 0) throw new RawFileError(file, 'no "SERVICE ADDRESS  BACKEND ADDRESS" header: capture with cilium-dbg bpf lb list (table output)');
  let entries = 0;
  lines.slice(header + 1).forEach((line, i) => {
    if (line.trim() === '') return;
    if (!ENTRY.test(line.trim())) throw new RawFileError(file, `line ${header + i + 2} is not a load-balancer entry: "${line.trim()}"`);
    entries += 1;
  });
  return [{metric: 'bpf_lb_entries', value: entries}];
}
