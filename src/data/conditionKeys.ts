/**
 * The condition keys of a result row and a row's identity, without the dataset
 * schema: the browser needs these to select and name rows, and importing them
 * from schema.ts would build every zod schema on every report page.
 * schema.ts checks at load that this list is exactly its `conditions` shape.
 */
import type {ConditionKey, ResultRow} from './schema';

/** In the schema's order: rowKey and tables list conditions in it. */
export const CONDITION_KEYS: readonly ConditionKey[] = [
  'qps',
  'services',
  'rules',
  'connection',
  'streams',
  'concurrency',
  'path',
  'protocol',
  'offeredGbps',
  'stat',
  'policy',
  'hubble',
  'component',
  'map',
  'lbMapMax',
  'profile',
  'family',
  'locale',
];

/** Stable identity of a result row: metric, scenario and its conditions. */
export function rowKey(row: Pick<ResultRow, 'metric' | 'scenario' | 'conditions'>): string {
  const c = row.conditions ?? {};
  const cond = CONDITION_KEYS.filter((k) => c[k] !== undefined)
    .map((k) => `${k}=${String(c[k])}`)
    .join(',');
  return `${row.metric}|${row.scenario}|${cond}`;
}

/**
 * The condition a UDP sweep names its steps by: the offered load (iperf3's
 * target bitrate) in Gbps. The EKS script writes it in each step's meta; rows
 * without it are the single-rate UDP test the transcribed reports give.
 */
export const UDP_OFFERED_LOAD = 'offeredGbps' as const satisfies ConditionKey;
