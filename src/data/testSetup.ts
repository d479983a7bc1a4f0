/**
 * A report's test setup as its dataset records it: the nodes, where the client and the server
 * of the traffic tests ran, and the path each test took. Read from the dataset alone: a fact the
 * dataset does not hold comes back as unrecorded, never guessed (TestSetup says so to the reader).
 */
import type {MetricId} from './metrics';
import type {Conditions, Dataset} from './schema';

/**
 * Metrics measured by sending traffic from a client to a server (iperf3, netperf, fortio, dig,
 * the connect probe). The rest (rule counts, sync times, memory) are read off a component and
 * take no path.
 */
export const TRAFFIC_METRICS: ReadonlySet<MetricId> = new Set<MetricId>([
  'tcp_throughput',
  'udp_throughput',
  'udp_loss',
  'udp_jitter',
  'pod_rtt',
  'loaded_rtt',
  'tcp_rr_latency',
  'tcp_crr_latency',
  'tcp_crr_rate',
  'conn_setup_time',
  'http_latency',
  'http_rps',
  'http_rps_relative',
  'dns_latency',
  'connect_latency',
]);

/** Where the client and the server ran, relative to each other. */
export type Placement = 'same-node' | 'other-node' | 'unrecorded';

/**
 * Placement statements a dataset may hold in `environment.extra.placement`, read as placements.
 * A statement not listed is shown as written and the placement is not drawn.
 */
const PLACEMENT_STATEMENTS: Record<string, Exclude<Placement, 'unrecorded'>> = {
  'client and server on different worker nodes': 'other-node',
};

export type TrafficPath = NonNullable<Conditions['path']>;

export interface PathLane {
  /** The path a condition names; undefined for the tests whose rows name none. */
  path: TrafficPath | undefined;
  /** The traffic metrics measured on it, in the order the dataset first has them. */
  metrics: MetricId[];
  /** Those of them with a row flagged 'same-node': that test ran client and server on one node, whatever the setup's placement. */
  sameNode: MetricId[];
}

export interface TestSetupModel {
  /** Nodes in the cluster (undefined: not recorded). */
  nodeCount: number | undefined;
  nodeType: string | undefined;
  placement: Placement;
  /** What the placement was read from: the node count (one node) or the dataset's statement. */
  placementFrom: 'one-node' | 'statement' | undefined;
  /** The dataset's placement statement when it has one, read or not. */
  placementStatement: string | undefined;
  /** One lane per path the traffic tests name, in the order host, pod, service, then those naming none. */
  lanes: PathLane[];
  /** The scenarios' routing facts, distinct, for the tests whose rows name no path. */
  routings: string[];
}

const PATH_ORDER: readonly (TrafficPath | undefined)[] = ['host', 'pod', 'service', undefined];

export function testSetup(dataset: Dataset): TestSetupModel {
  const env = dataset.environment;
  const statement = env.extra?.placement === undefined ? undefined : String(env.extra.placement);
  const stated = statement === undefined ? undefined : PLACEMENT_STATEMENTS[statement];
  // One node: client and server can only have shared it, whatever else the dataset says.
  const placement: Placement = env.nodeCount === 1 ? 'same-node' : (stated ?? 'unrecorded');
  const placementFrom = env.nodeCount === 1 ? 'one-node' : stated ? 'statement' : undefined;

  const byPath = new Map<TrafficPath | undefined, PathLane>();
  for (const row of dataset.results) {
    if (!TRAFFIC_METRICS.has(row.metric)) continue;
    const path = row.conditions?.path;
    const lane = byPath.get(path) ?? {path, metrics: [], sameNode: []};
    if (!lane.metrics.includes(row.metric)) lane.metrics.push(row.metric);
    if (row.flags?.some((f) => f.kind === 'same-node') && !lane.sameNode.includes(row.metric)) lane.sameNode.push(row.metric);
    byPath.set(path, lane);
  }
  const lanes = PATH_ORDER.filter((p) => byPath.has(p)).map((p) => byPath.get(p)!);
  const routings = [...new Set(dataset.scenarios.flatMap((s) => (s.routing ? [s.routing] : [])))];
  return {nodeCount: env.nodeCount, nodeType: env.nodeType, placement, placementFrom, placementStatement: statement, lanes, routings};
}

/** The node (1-based) the client and the server are drawn in; undefined: not drawn in a node. */
export function nodesOf(model: Pick<TestSetupModel, 'placement' | 'nodeCount'>): {client: number | undefined; server: number | undefined} {
  if (model.placement === 'same-node') return {client: 1, server: 1};
  if (model.placement === 'other-node' && (model.nodeCount ?? 0) >= 2) return {client: 1, server: 2};
  return {client: undefined, server: undefined};
}
