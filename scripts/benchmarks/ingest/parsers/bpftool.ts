/** `bpftool map show -j`: Cilium's maps (names start with "cilium_"), their memory and sizes. */
import {RawFileError} from '../errors';
import type {MetricSample} from '../types';
import {requireText} from './common';

const CILIUM_PREFIX = 'cilium_';
/** Decimal megabytes, as the reports state BPF map memory. */
const BYTES_PER_MB = 1e6;

interface MapInfo {
  name: string;
  bytes_memlock: number;
  max_entries: number;
  /** With `bpftool map show -f`: where the map is pinned; its file name is the full map name. */
  pinned?: string[];
}

/** The kernel keeps 15 characters of a map's name (cilium_lb4_serv); Cilium pins it under its full name. */
function fullName(m: MapInfo): string {
  const pinned = m.pinned?.map((p) => p.split('/').at(-1) ?? '').find((n) => n.startsWith(CILIUM_PREFIX));
  return pinned ?? m.name;
}

export function parseBpftoolMaps(text: string, file: string): MetricSample[] {
  requireText(text, file);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new RawFileError(file, `not valid JSON, truncated? (${(e as Error).message})`);
  }
  if (!Array.isArray(data)) throw new RawFileError(file, 'expected a JSON array of maps (bpftool map show -j)');
  const maps = data.filter((m): m is MapInfo => typeof m === 'object' && m !== null && typeof m.name === 'string' && m.name.startsWith(CILIUM_PREFIX));
  if (maps.length === 0) throw new RawFileError(file, 'no map named cilium_*: was it captured on a Cilium node?');
  maps.forEach((m, i) => {
    if (typeof m.bytes_memlock !== 'number' || typeof m.max_entries !== 'number') {
      throw new RawFileError(file, `cilium map #${i} (${m.name}) lacks bytes_memlock or max_entries`);
    }
  });
  // The same name can appear more than once (per-endpoint maps); sum them per name.
  const byName = new Map<string, {memory: number; maxEntries: number}>();
  for (const m of maps) {
    const name = fullName(m);
    const cur = byName.get(name) ?? {memory: 0, maxEntries: 0};
    byName.set(name, {memory: cur.memory + m.bytes_memlock, maxEntries: cur.maxEntries + m.max_entries});
  }
  const rows: MetricSample[] = [
    {metric: 'bpf_map_memory', value: maps.reduce((a, m) => a + m.bytes_memlock, 0) / BYTES_PER_MB},
    {metric: 'bpf_map_count', value: maps.length},
  ];
  for (const [name, {memory, maxEntries}] of byName) {
    rows.push({metric: 'bpf_map_memory', value: memory / BYTES_PER_MB, conditions: {map: name}});
    rows.push({metric: 'bpf_map_max_entries', value: maxEntries, conditions: {map: name}});
  }
  return rows;
}
