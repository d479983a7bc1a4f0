/** Shapes shared by the parsers, the run-directory reader and the dataset builder. */
import {z} from 'zod';
import {conditions, localizedText, type Conditions} from '../../../src/data/schema';
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
}

/** A parser reads one raw file's text; `file` is only used in error messages. */
export type Parser = (text: string, file: string) => MetricSample[];

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
] as const;
export type RawKind = (typeof RAW_KINDS)[number];

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
  scenarios: z.record(z.string(), scenarioEntry),
});
export type Manifest = z.infer<typeof manifestSchema>;
