/** Shapes shared by the parsers, the run-directory reader and the dataset builder. */
import {z} from 'zod';
import {conditions, localizedText, runTime, type Conditions} from '../../../src/data/schema';
import type {MetricId} from '../../../src/data/metrics';
import type {FlagKind} from '../../../src/data/schema';

/** One value a parser read from one raw file; the unit is the metric's registry unit. */
export interface MetricSample {
  metric: MetricId;
  value: number;
  /** Conditions the parser adds (stat, component, map); merged over the meta's conditions. */
  conditions?: Conditions;
  /** The value is real but must be read with care; `why` names the file and the numbers. */
  flag?: {kind: FlagKind; why: string};
  /** More such flags, when one is not enough (an iperf3 run both CPU-bound and short of its target). */
  flags?: {kind: FlagKind; why: string}[];
}

/** A parser reads one raw file's text; `file` is only used in error messages. */
export type Parser = (text: string, file: string) => MetricSample[];

export type FactValue = string | number | boolean;

/**
 * One thing a raw file says about how it was measured, which a meta also states:
 * the ingest compares the two (evidence.ts) before it believes a label.
 */
export interface Fact {
  /** The label's name: `kind`, a condition or load key (qps, streams, ...), or what only the command states (duration, reverse). */
  field: 'kind' | 'qps' | 'concurrency' | 'connection' | 'streams' | 'protocol' | 'offeredGbps' | 'length' | 'duration' | 'reverse';
  /** What the file says, in the label's terms (qps "max" or a number, connection "close", ...); null: it says there is none. */
  value: FactValue | null;
  /** Where in the file it says so (a JSON path, the banner line). */
  at: string;
  /** What the tool's command line asks for (its option, or the tool's default without it), in the same terms. */
  asked?: (cmd: readonly string[]) => FactValue | null | undefined;
  /** The option to give the tool to measure what the label says (for the rerun advice), e.g. "-qps". */
  option?: string;
}

/** What a raw file says about its own measurement; `program` is the tool whose command line `asked` reads. */
export interface Evidence {
  program: string;
  facts: (text: string, file: string) => Fact[];
}

export const RAW_KINDS = [
  'iperf3-tcp',
  'iperf3-udp',
  'fortio-http',
  'fortio-tcp',
  'netperf-rr',
  'netperf-crr',
  'dns-latency',
  'iptables-nat',
  'cilium-lb-list',
  'kubeproxy-metrics',
  'kubeproxy-fullsync',
  'kubeproxy-netprog',
  'nft-table',
  'kubeproxy-sync-delta',
  'bpftool-maps',
  'top-samples',
  'kubelet-resource',
  'proc-status',
  'connect-probe',
] as const;
export type RawKind = (typeof RAW_KINDS)[number];

/** A share of CPU time; null where the host could not give it (no /proc/pressure/cpu, no CPU time between two reads). */
const percent = z.number().min(0).max(100).nullable();

/** The idle gate's thresholds (lib/protocol.sh); load1 is absolute in a meta. */
export const gateThresholdsSchema = z.object({
  load1: z.number().nonnegative(),
  busyPercent: z.number().nonnegative(),
  psiCpuSomeAvg10: z.number().nonnegative(),
  stealPercent: z.number().nonnegative(),
});

/** The meta's `host`: the measured host around one window (lib/protocol.sh, bench_idle_gate). */
export const hostSchema = z.object({
  kernel: z.string().min(1),
  cpus: z.number().int().positive(),
  gate: z.object({
    passed: z.boolean(),
    waitedSeconds: z.number().nonnegative(),
    /** The figures over their threshold when the gate stopped waiting. */
    over: z.array(z.string().min(1)),
    thresholds: gateThresholdsSchema,
  }),
  before: z.object({
    load1: z.number().nonnegative(),
    load5: z.number().nonnegative(),
    load15: z.number().nonnegative(),
    busyPercent: percent,
    stealPercent: percent,
    psiCpuSomeAvg10: percent,
  }),
  during: z.object({
    seconds: z.number().nonnegative(),
    busyPercent: percent,
    stealPercent: percent,
    psiCpuStallMs: z.number().nonnegative().nullable(),
  }),
});
export type HostRecord = z.infer<typeof hostSchema>;

/** `<id>.meta.json`, written by bench_measure in lib/bench.sh. */
export const metaSchema = z.object({
  kind: z.enum(RAW_KINDS),
  tool: z.string().min(1),
  conditions: conditions.default({}),
  cmd: z.array(z.string()).min(1),
  startedAt: z.string().min(1),
  finishedAt: z.string().optional(),
  exitCode: z.number().int(),
  /** Set by bench_measure when the result check refused the raw file (the parser's message). */
  rejected: z.string().min(1).optional(),
  attempts: z.number().int().positive().optional(),
  clientNode: z.string().min(1).optional(),
  serverNode: z.string().min(1).optional(),
  /** Position of the measurement in the run's order (1, 2, ...; continued on resume). */
  sequence: z.number().int().positive().optional(),
  /** Older runs have no host record. */
  host: hostSchema.optional(),
  /** The load the wrapper applied (streams, qps, connection, ...), also where the conditions leave a key out. */
  load: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
  /** The node counters read around the window (BENCH_WINDOW_COUNTERS): a file beside the raw one. */
  counters: z.string().regex(/^[A-Za-z0-9._-]+\.counters\.txt$/).optional(),
});
export type Meta = z.infer<typeof metaSchema>;

const scenarioEntry = z
  .object({
    name: z.string().min(1),
    cni: z.string().min(1),
    kubeProxy: z.string().min(1),
    title: localizedText.optional(),
    purpose: localizedText.optional(),
    routing: z.string().min(1).optional(),
    ipam: z.string().min(1).optional(),
    environment: z.record(z.string(), z.unknown()).optional(),
    tuning: z.array(z.unknown()).optional(),
  })
  .passthrough();

const scalar = z.union([z.string(), z.number(), z.boolean()]);

/** `.protocol` of the manifest (bench_protocol_record in lib/protocol.sh). */
export const protocolSchema = z.object({
  order: z.enum(['alternate', 'shuffle']),
  seed: z.number().int().nonnegative(),
  roundRestSeconds: z.number().nonnegative(),
  idleGate: z.object({
    enabled: z.boolean(),
    strict: z.boolean(),
    /** load1 null: 0.75 x the host's CPUs (load1PerCpu), stated in each meta as a number. */
    thresholds: gateThresholdsSchema.extend({load1: z.number().nonnegative().nullable(), load1PerCpu: z.number().positive().optional()}),
    sampleSeconds: z.number().nonnegative(),
    maxWaitSeconds: z.number().nonnegative(),
  }),
  /** The order of each round ("<round>" or "<round>/<group>"), as bench_round_order gave it. */
  orderByRound: z.record(z.string(), z.array(z.string())).default({}),
});
export type Protocol = z.infer<typeof protocolSchema>;

/** `manifest.json`, written by bench_init_run and completed by the bench script. */
export const manifestSchema = z.object({
  suite: z.string().min(1),
  runner: z.string().min(1),
  script: z.string().min(1),
  scriptVersion: z.string().min(1),
  commit: z.string().optional(),
  startedAt: z.string().min(1),
  finishedAt: z.string().optional(),
  title: localizedText.optional(),
  params: z.record(z.string(), scalar).default({}),
  tools: z.record(z.string(), z.string()).default({}),
  images: z.record(z.string(), z.string()).optional(),
  environment: z.record(z.string(), z.unknown()),
  method: z.record(z.string(), z.unknown()).optional(),
  /** Older runs have none. */
  protocol: protocolSchema.optional(),
  /** The steps' wall-clock time and a budget stop (bench_run_time_* in lib/protocol.sh). */
  runTime: runTime.optional(),
  scenarios: z.record(z.string(), scenarioEntry),
});
export type Manifest = z.infer<typeof manifestSchema>;
