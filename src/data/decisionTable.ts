/**
 * What each row of the decision table on "Which datapath should I choose?"
 * (docs/choosing-a-datapath.mdx and its Korean and Chinese pages) rests on, in
 * the table's order: the claims its Evidence column links to, the Service
 * counts its "Measured at" column names, and the comparison of the datasets
 * that backs its choice; each row's evidence mark is computed from these
 * (decisionEvidence). tests/unit/decision-table.test.ts reads the table of
 * every language against these rows and these rows against the newest
 * version of each suite, so a row whose choice, range or evidence the data
 * does not carry fails there.
 */
import type {Conditions, Dataset} from './schema';
import type {MetricId} from './metrics';
import type {ClaimResult} from './claims/evaluate';
import {claimEvidence, combinedEvidence, type Evidence, type FeatureEvidence} from './evidence';

export type DecisionSuite = 'eks-cni' | 'tke-cilium' | 'kube-proxy';

/** The datapath families a choice names: kube-proxy's iptables rules, or Cilium's eBPF. */
export type Datapath = 'iptables' | 'cilium';

/** One metric of one suite, compared between scenarios at Service counts (0: no extra Services, the row without `services`). */
export interface Comparison {
  suite: DecisionSuite;
  metric: MetricId;
  /** The row's other conditions. */
  where: Partial<Conditions>;
  at: readonly number[];
}

export type Choice =
  /** Every `winner` scenario is better than every `over` scenario at each step, by the metric's direction. */
  | (Comparison & {kind: 'ahead'; winner: readonly string[]; over: readonly string[]})
  /** No scenario of `among` is the best at every step: the order changes inside the range. */
  | (Comparison & {kind: 'no-winner'; among: readonly string[]})
  /** The choice follows from its claims alone (a datapath does not win: the claims say the figures do not separate them). */
  | {kind: 'claims'}
  /** A feature of a datapath, not a measurement: each of `scenarios` gives pods addresses from `ipam` (a scenario's ipam contains it). */
  | {kind: 'feature'; suite: DecisionSuite; scenarios: readonly string[]; ipam: string};

export interface DecisionRow {
  key: string;
  /** The claims the Evidence column links to, in the order it links them. */
  claims: readonly {suite: DecisionSuite; id: string}[];
  /** The Service counts the "Measured at" column names, per suite (counts the column writes as words, such as "no extra Services", left out). */
  measuredAt: Partial<Record<DecisionSuite, readonly number[]>>;
  choice: Choice;
}

/** Saturated HTTP through one Service with a new TCP connection per request (fortio, c64). */
const SHORT_CONNECTIONS = {suite: 'tke-cilium', metric: 'http_rps', where: {qps: 'max', path: 'service', concurrency: 64, connection: 'close'}} as const;

export const DECISION_ROWS: readonly DecisionRow[] = [
  {
    key: 'keepalive',
    claims: [
      {suite: 'eks-cni', id: 'keepalive-qps-flat'},
      {suite: 'tke-cilium', id: 'keepalive-scale-flat'},
    ],
    measuredAt: {'eks-cni': [4, 104, 1000], 'tke-cilium': [30000]},
    choice: {kind: 'claims'},
  },
  {
    key: 'short-connections-up-to-10000',
    claims: [
      {suite: 'tke-cilium', id: 'short-conn-iptables-2x'},
      {suite: 'tke-cilium', id: 'short-conn-crossover'},
    ],
    measuredAt: {'tke-cilium': [5000, 10000]},
    choice: {...SHORT_CONNECTIONS, kind: 'ahead', at: [0, 5000, 10000], winner: ['iptables'], over: ['native', 'overlay']},
  },
  {
    key: 'short-connections-10000-to-20000',
    claims: [{suite: 'tke-cilium', id: 'short-conn-crossover'}],
    measuredAt: {'tke-cilium': [10000, 20000]},
    choice: {...SHORT_CONNECTIONS, kind: 'no-winner', at: [10000, 20000], among: ['iptables', 'native', 'overlay']},
  },
  {
    key: 'short-connections-30000',
    claims: [
      {suite: 'tke-cilium', id: 'short-conn-crossover'},
      {suite: 'tke-cilium', id: 'short-conn-30000-cilium-ahead'},
    ],
    measuredAt: {'tke-cilium': [20000, 30000]},
    choice: {...SHORT_CONNECTIONS, kind: 'ahead', at: [30000], winner: ['native', 'overlay'], over: ['iptables']},
  },
  {
    key: 'kube-proxy-mode',
    claims: [
      {suite: 'kube-proxy', id: 'first-packet-nftables-lowest-at-5000'},
      {suite: 'kube-proxy', id: 'full-resync-order'},
      {suite: 'kube-proxy', id: 'partial-sync-order'},
    ],
    measuredAt: {'kube-proxy': [5000]},
    choice: {kind: 'claims'},
  },
  {
    key: 'policy',
    claims: [
      {suite: 'tke-cilium', id: 'l7-policy-cliff'},
      {suite: 'tke-cilium', id: 'l3l4-and-hubble-free'},
    ],
    measuredAt: {},
    choice: {kind: 'claims'},
  },
  {
    key: 'request-chains',
    claims: [{suite: 'eks-cni', id: 'rtt-a-to-e'}],
    measuredAt: {},
    choice: {suite: 'eks-cni', metric: 'loaded_rtt', where: {}, at: [0], kind: 'ahead', winner: ['E'], over: ['A', 'B', 'C', 'D']},
  },
  {key: 'vpc-addresses', claims: [], measuredAt: {}, choice: {kind: 'feature', suite: 'eks-cni', scenarios: ['A', 'D', 'E'], ipam: 'ENI'}},
  {
    key: 'scarce-addresses',
    claims: [
      {suite: 'eks-cni', id: 'tcp-throughput-tie'},
      {suite: 'tke-cilium', id: 'throughput-tie'},
    ],
    measuredAt: {},
    choice: {kind: 'claims'},
  },
];

/** A suite's claims, evaluated on the dataset a page shows. */
export interface EvaluatedSuite {
  dataset: Dataset;
  results: readonly ClaimResult[];
}

export function decisionRowOf(key: string): DecisionRow {
  const row = DECISION_ROWS.find((r) => r.key === key);
  if (!row) throw new Error(`no decision row "${key}" (rows: ${DECISION_ROWS.map((r) => r.key).join(', ')})`);
  return row;
}

/**
 * What stands behind a row: the evidence of the claims it cites, together (the weakest
 * of them: combinedEvidence), or nothing when one of them has no figure to stand on;
 * for a feature row, where the dataset that describes the setups came from. `suiteOf`
 * gives each suite's claims as the page evaluates them; a claim the suite does not
 * have there fails, naming it.
 */
export function decisionEvidence(row: DecisionRow, suiteOf: (suite: DecisionSuite) => EvaluatedSuite): Evidence | FeatureEvidence | undefined {
  if (row.choice.kind === 'feature') return {source: suiteOf(row.choice.suite).dataset.source.kind, feature: true};
  const parts = row.claims.map(({suite, id}) => {
    const {dataset, results} = suiteOf(suite);
    const result = results.find((r) => r.claim.id === id);
    if (!result) throw new Error(`decision row "${row.key}": no claim "${id}" of ${suite} on ${dataset.version}`);
    return claimEvidence(dataset, result);
  });
  if (parts.some((p) => p === undefined)) return undefined;
  return combinedEvidence(parts as Evidence[]);
}
