/**
 * top-samples: repeated `kubectl top pod --containers` outputs, each sample a
 * block starting with the POD/NAME/CPU(cores)/MEMORY(bytes) header ("#" lines
 * such as timestamps are ignored). Per container name (the component):
 * average and maximum over every pod and sample.
 */
import {RawFileError} from '../errors';
import type {MetricSample} from '../types';
import {mean} from '../../../../src/data/stats';
import {requireText} from './common';

/** `kubectl top pod --containers` header; `-A` adds a NAMESPACE column in front. */
const HEADER = /^(NAMESPACE\s+)?POD\s+NAME\s+CPU\(cores\)\s+MEMORY\(bytes\)/;
const MEMORY_UNITS: Record<string, number> = {Ki: 1 / 1024, Mi: 1, Gi: 1024, Ti: 1024 * 1024, '': 1 / (1024 * 1024)};

function cpuMillicores(text: string, where: string, file: string): number {
  const m = /^(\d+(?:\.\d+)?)(m|n)?$/.exec(text);
  if (!m) throw new RawFileError(file, `${where}: CPU "${text}" is not like 25m or 1`);
  const v = Number(m[1]);
  return m[2] === 'm' ? v : m[2] === 'n' ? v / 1e6 : v * 1000;
}

function memoryMiB(text: string, where: string, file: string): number {
  const m = /^(\d+(?:\.\d+)?)(Ki|Mi|Gi|Ti)?$/.exec(text);
  if (!m) throw new RawFileError(file, `${where}: memory "${text}" is not like 180Mi`);
  return Number(m[1]) * MEMORY_UNITS[m[2] ?? ''];
}

export function parseTopSamples(text: string, file: string): MetricSample[] {
  requireText(text, file);
  const perComponent = new Map<string, {cpu: number[]; mem: number[]}>();
  let samples = 0;
  /** Columns of a row in the current block (4, or 5 with NAMESPACE); 0 before any header. */
  let width = 0;
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const header = HEADER.exec(line);
    if (header) {
      samples += 1;
      width = header[1] ? 5 : 4;
      return;
    }
    if (width === 0) throw new RawFileError(file, `line ${i + 1} comes before any "POD NAME CPU(cores) MEMORY(bytes)" header`);
    const cols = line.split(/\s+/);
    if (cols.length !== width) throw new RawFileError(file, `line ${i + 1} has ${cols.length} columns, expected ${width} ([NAMESPACE] POD NAME CPU MEMORY; use --containers)`);
    const [component, cpu, mem] = cols.slice(-3);
    const entry = perComponent.get(component) ?? {cpu: [], mem: []};
    entry.cpu.push(cpuMillicores(cpu, `line ${i + 1}`, file));
    entry.mem.push(memoryMiB(mem, `line ${i + 1}`, file));
    perComponent.set(component, entry);
  });
  if (samples === 0 || perComponent.size === 0) throw new RawFileError(file, 'no kubectl top sample with at least one container row');
  const rows: MetricSample[] = [];
  for (const [component, {cpu, mem}] of perComponent) {
    rows.push({metric: 'cpu_usage', value: mean(cpu), conditions: {component, stat: 'avg'}});
    rows.push({metric: 'cpu_usage', value: Math.max(...cpu), conditions: {component, stat: 'max'}});
    rows.push({metric: 'memory_usage', value: mean(mem), conditions: {component, stat: 'avg'}});
    rows.push({metric: 'memory_usage', value: Math.max(...mem), conditions: {component, stat: 'max'}});
  }
  return rows;
}
