/** proc-status: /proc/<pid>/status of a process (the Cilium agent is PID 1 of its container). */
import {RawFileError} from '../errors';
import type {MetricSample} from '../types';
import {requireText} from './common';

/** /proc reports kB meaning KiB; agent_rss is in decimal MB, as the reports state it. */
const BYTES_PER_KIB = 1024;
const BYTES_PER_MB = 1e6;

export function parseProcStatus(text: string, file: string): MetricSample[] {
  requireText(text, file);
  const m = /^VmRSS:\s+(\d+)\s+kB$/m.exec(text);
  if (!m) throw new RawFileError(file, 'no "VmRSS: <n> kB" line: capture with cat /proc/<pid>/status of a running process');
  return [{metric: 'agent_rss', value: (Number(m[1]) * BYTES_PER_KIB) / BYTES_PER_MB}];
}
