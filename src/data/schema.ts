/**
 * The dataset contract: one JSON file = one run of one benchmark suite.
 *
 * The same schema is used by the Docusaurus data plugin (build time), the
 * ingest CLI (bench run -> dataset) and the tests, so a dataset that the
 * ingest writes is by construction one the site accepts.
 */
import * as z from 'zod';
import {METRICS, type MetricId} from './metrics';
import {CONDITION_KEYS, rowKey} from './conditionKeys';

/** Highest schemaVersion this code understands; datasets from the future fail. */
export const SCHEMA_VERSION = 1;

/** `YYYY-MM-DD`, optionally `.N` for several runs on one day. */
export const VERSION_PATTERN = /^\d{4}-\d{2}-\d{2}(?:\.\d+)?$/;
/** Suite ids double as directory names under static/data/. */
export const SUITE_PATTERN = /^[a-z][a-z0-9-]*$/;
export const SCENARIO_ID_PATTERN = /^[A-Za-z][A-Za-z0-9_-]*$/;

const finite = z.number().refine(Number.isFinite, {message: 'must be a finite number (NaN/Infinity are not data)'});
const nonNegative = finite.refine((n) => n >= 0, {message: 'must be >= 0'});

/**
 * Text that readers see in their language. `en` is required; other locales
 * fall back to it, so adding a locale never breaks a dataset.
 */
export const localizedText = z
  .object({en: z.string().min(1)})
  .catchall(z.string().min(1));
export type LocalizedText = z.infer<typeof localizedText>;

/** Why a value is missing or should be read with care. Kinds are translated by the UI. */
export const FLAG_KINDS = [
  'not-measured', // the run did not measure this (null value)
  'not-applicable', // the metric has no meaning for this scenario (e.g. iptables rules under eBPF)
  'omitted-noisy', // measured, but the source withheld it as too noisy
  'target-not-reached', // actual QPS (or a UDP sender's rate) far below its target
  'high-loss', // UDP loss above the validity threshold
  'single-round-outlier', // the source calls it single-round noise
  'suspected-transient', // e.g. a p99 spike the source attributes to congestion
  'same-node', // client and server ran on the same node
  'too-few-rounds', // fewer rounds than the method asks for
  'approximate', // the source gives it as "~x"
  'busy-host', // the host was not quiet before the measurement (idle gate) or lost CPU to steal during it
  'nic-throttled', // an ENA *_allowance_exceeded counter grew on the client or server node during the window
  'receiver-drops', // UdpRcvbufErrors / UdpInErrors grew during the window: loss partly at the receiving host
  'sender-cpu-bound', // iperf3's sender used more than ~90 % CPU (end.cpu_utilization_percent)
  'receiver-cpu-bound', // iperf3's receiver used more than ~90 % CPU
] as const;
export const flagKind = z.enum(FLAG_KINDS);
export type FlagKind = z.infer<typeof flagKind>;

export const flag = z.object({
  kind: flagKind,
  /** Optional detail in plain words (shown under the localized flag label). */
  detail: localizedText.optional(),
});
export type Flag = z.infer<typeof flag>;

/**
 * Measurement conditions. These are data, not metric-name suffixes: the same
 * metric at QPS 1000 and QPS 5000 is two rows with different conditions.
 */
export const conditions = z
  .object({
    /** Target QPS for fortio; "max" = unthrottled (-qps 0). */
    qps: z.union([z.number().int().positive(), z.literal('max')]).optional(),
    /** Number of Services in the cluster (or iptables rules of a local chain). */
    services: z.number().int().nonnegative().optional(),
    /** Length of a synthetic rule chain in the path (local suite). */
    rules: z.number().int().nonnegative().optional(),
    connection: z.enum(['keepalive', 'close']).optional(),
    streams: z.number().int().positive().optional(),
    concurrency: z.number().int().positive().optional(),
    /** Where the traffic goes: node-to-node host network, pod-to-pod, or through a ClusterIP Service. */
    path: z.enum(['host', 'pod', 'service']).optional(),
    protocol: z.enum(['tcp', 'udp']).optional(),
    /** Offered load of a UDP test in Gbps: the sender's target bitrate (iperf3 -b) of one step of a sweep. */
    offeredGbps: z.number().positive().optional(),
    /** Which statistic of a distribution the value is. */
    stat: z.enum(['p01', 'p50', 'p90', 'p99', 'avg', 'min', 'max']).optional(),
    policy: z.enum(['none', 'l3l4', 'l7']).optional(),
    hubble: z.boolean().optional(),
    /** Cilium component or process the resource metric belongs to. */
    component: z.string().min(1).optional(),
    /** BPF map name for per-map rows. */
    map: z.string().min(1).optional(),
    /** Cilium bpf-lb-map-max in force: BPF map memory is pre-allocated from it. */
    lbMapMax: z.number().int().positive().optional(),
    /** Impairment profile of the local target. */
    profile: z.string().min(1).optional(),
    /** IP family of a figure of a dual-stack component (kube-proxy runs one proxier per family). */
    family: z.enum(['ipv4', 'ipv6']).optional(),
    /** Site language a page was measured in (the site suite: one page per locale). */
    locale: z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]+)*$/, 'must be a locale code such as en, ko or zh').optional(),
  })
  .strict();
export type Conditions = z.infer<typeof conditions>;
export type ConditionKey = keyof Conditions;
if (Object.keys(conditions.shape).join() !== CONDITION_KEYS.join()) {
  throw new Error(`src/data/conditionKeys.ts: CONDITION_KEYS (${CONDITION_KEYS.join(', ')}) must list the schema's conditions in order (${Object.keys(conditions.shape).join(', ')})`);
}
export {CONDITION_KEYS, rowKey};

export const sourceFile = z.object({
  path: z.string().min(1),
  sha256: z.string().regex(/^[0-9a-f]{64}$/, 'must be a lowercase hex sha256'),
});

export const source = z
  .object({
    kind: z.enum(['measured', 'transcribed']),
    /** Bench script (or document, for transcribed data) the numbers came from. */
    script: z.string().min(1),
    scriptVersion: z.string().min(1),
    commit: z.string().optional(),
    /** For transcribed data: what was transcribed. */
    document: z.string().optional(),
    raw: z.array(sourceFile).optional(),
  })
  .strict();

/** Free-form but typed environment facts; well-known keys are named. */
const envValue = z.union([z.string().min(1), finite]);
export const environment = z
  .object({
    platform: z.string().min(1),
    k8sVersion: z.string().min(1).optional(),
    nodeType: z.string().min(1).optional(),
    nodeCount: z.number().int().positive().optional(),
    region: z.string().optional(),
    os: z.string().optional(),
    kernel: z.string().optional(),
    runtime: z.string().optional(),
    /** NIC bandwidth limit in Gbps, drawn as a reference line on throughput charts. */
    nicLimitGbps: nonNegative.optional(),
    tools: z.record(z.string(), z.string()).optional(),
    extra: z.record(z.string(), envValue).optional(),
  })
  .strict();
export type Environment = z.infer<typeof environment>;

export const tuningItem = z
  .object({
    id: z.string().min(1),
    /** Helm value(s) that switch it on, e.g. "bpf.masquerade=true". */
    helm: z.string().min(1),
    applied: z.boolean(),
    /** Required when not applied: why. */
    reason: localizedText.optional(),
  })
  .strict()
  .refine((t) => t.applied || t.reason !== undefined, {message: 'a tuning item that was not applied needs a reason', path: ['reason']});

export const scenario = z
  .object({
    id: z.string().regex(SCENARIO_ID_PATTERN),
    /** Short technical label, the same in every language (e.g. "Cilium kp-less"). */
    name: z.string().min(1),
    title: localizedText.optional(),
    purpose: localizedText.optional(),
    /** The CNI and the Service datapath: what a network suite's scenario is; a suite that measures something else (site) has neither. */
    cni: z.string().min(1).optional(),
    kubeProxy: z.string().min(1).optional(),
    routing: z.string().min(1).optional(),
    ipam: z.string().min(1).optional(),
    /** Per-scenario environment differences (e.g. Cilium version of one cluster). */
    environment: environment.partial().optional(),
    tuning: z.array(tuningItem).optional(),
  })
  .strict();
export type Scenario = z.infer<typeof scenario>;

const metricIds = Object.keys(METRICS) as [MetricId, ...MetricId[]];

export const resultRow = z
  .object({
    metric: z.enum(metricIds),
    scenario: z.string().min(1),
    /**
     * null = not measured / not applicable; then `flags` says which and why. At least 0
     * unless the metric is signed (checked with the registry in datasetSchema).
     */
    value: finite.nullable(),
    unit: z.string().min(1),
    conditions: conditions.optional(),
    /** Per-round values when the run had rounds (value is their median). */
    samples: z.array(finite).optional(),
    /** Range the source gives ("4-6m") or min/max over rounds. */
    min: finite.optional(),
    max: finite.optional(),
    flags: z.array(flag).optional(),
  })
  .strict();
export type ResultRow = z.infer<typeof resultRow>;

/**
 * How the rounds were run (scripts/benchmarks/lib/protocol.sh): the order of the
 * items in a round, the rest between rounds and the idle gate every measurement
 * waited for. `seed` is one per merged run when the runs drew different ones.
 */
export const runProtocol = z
  .object({
    order: z.enum(['alternate', 'shuffle']),
    seed: z.union([z.number().int().nonnegative(), z.array(z.number().int().nonnegative()).min(2)]),
    roundRestSeconds: nonNegative,
    idleGate: z
      .object({
        enabled: z.boolean(),
        strict: z.boolean(),
        thresholds: z
          .object({
            /** null: load1PerCpu x the host's CPUs. */
            load1: nonNegative.nullable(),
            load1PerCpu: nonNegative.optional(),
            busyPercent: nonNegative,
            psiCpuSomeAvg10: nonNegative,
            stealPercent: nonNegative,
          })
          .strict(),
        sampleSeconds: nonNegative,
        maxWaitSeconds: nonNegative,
      })
      .strict(),
  })
  .strict();
export type RunProtocol = z.infer<typeof runProtocol>;

/**
 * What a run's steps took in wall-clock time (lib/protocol.sh, bench_run_time_*):
 * "prepare" makes a step's conditions (creating its Services), "measure" is every
 * window of every round at it. `stoppedBefore`: the run budget ended the run before
 * that step, which was expected to take the predicted times.
 */
const stepAt = conditions.pick({services: true, rules: true}).strict();
export const runTime = z
  .object({
    budgetSeconds: nonNegative.optional(),
    steps: z.array(
      z
        .object({
          at: stepAt,
          prepareSeconds: nonNegative,
          measureSeconds: nonNegative,
          createdServices: z.object({from: z.number().int().nonnegative(), to: z.number().int().nonnegative()}).strict().optional(),
          /** CPU the control plane's processes spent preparing the step (null: not readable). */
          cpuSeconds: z.record(z.string(), nonNegative.nullable()).optional(),
        })
        .strict(),
    ),
    stoppedBefore: z
      .object({at: stepAt, spentSeconds: nonNegative, predictedPrepareSeconds: nonNegative, predictedMeasureSeconds: nonNegative})
      .strict()
      .optional(),
  })
  .strict();
export type RunTime = z.infer<typeof runTime>;

export const method = z
  .object({
    rounds: z.number().int().positive(),
    aggregate: z.enum(['median', 'single']),
    /** Per-tool durations in seconds. */
    durations: z.record(z.string(), nonNegative).optional(),
    /** Tool per measurement family, e.g. {throughput: "iperf3"}. */
    tools: z.record(z.string(), z.string()).optional(),
    notes: localizedText.optional(),
    params: z.record(z.string(), envValue).optional(),
    protocol: runProtocol.optional(),
    runTime: runTime.optional(),
  })
  .strict();

/**
 * Why a dataset version exists:
 * - new-run: new measurements (or, for transcribed data, a newly transcribed source);
 * - correction: the same run with a mistake fixed (a value, a flag, a scenario's facts);
 * - re-ingest: the same raw files read again by a changed parser (the build checks the hashes).
 */
export const RELEASE_KINDS = ['new-run', 'correction', 're-ingest'] as const;
export type ReleaseKind = (typeof RELEASE_KINDS)[number];

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date, YYYY-MM-DD');

/**
 * A version's reason and publication date. A new version carries it as `release`; the
 * versions published before the field existed are immutable, so theirs stand in the
 * suite's versions.json (src/data/releases.ts). Every version needs one or the other.
 */
export const release = z
  .object({
    kind: z.enum(RELEASE_KINDS),
    /** The day the version was published (its collection date is `collectedAt`). */
    publishedAt: isoDay,
    /** What changed against the previous version and why, in plain words; a new run explains itself. */
    changes: localizedText.optional(),
  })
  .strict()
  .refine((r) => r.kind === 'new-run' || r.changes !== undefined, {message: 'a correction or re-ingest needs `changes`: say what changed and why', path: ['changes']});
export type Release = z.infer<typeof release>;

export const datasetObject = z
  .object({
    $schema: z.string().optional(),
    schemaVersion: z
      .number()
      .int()
      .positive()
      .refine((v) => v <= SCHEMA_VERSION, {message: `is newer than this site understands (max ${SCHEMA_VERSION}); update the site`}),
    suite: z.string().regex(SUITE_PATTERN, 'must be lowercase letters, digits and dashes'),
    version: z.string().regex(VERSION_PATTERN, 'must look like YYYY-MM-DD or YYYY-MM-DD.N'),
    collectedAt: z.string().regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/, 'must be an ISO date'),
    /** true when the source gives no date and collectedAt is an estimate (shown as such wherever the date appears). */
    collectedAtEstimated: z.boolean().optional(),
    title: localizedText,
    source,
    environment,
    method,
    scenarios: z.array(scenario).min(1),
    results: z.array(resultRow).min(1, 'a dataset needs at least one result'),
    /** Why this version exists; optional here because older versions keep theirs in versions.json (src/data/releases.ts). */
    release: release.optional(),
  })
  .strict();

/** Cross-field rules zod's per-field checks cannot express. */
export const datasetSchema = datasetObject.superRefine((d, ctx) => {
  const ids = new Set<string>();
  d.scenarios.forEach((s, i) => {
    if (ids.has(s.id)) ctx.addIssue({code: 'custom', path: ['scenarios', i, 'id'], message: `duplicate scenario id "${s.id}"`});
    ids.add(s.id);
  });
  const seen = new Map<string, number>();
  d.results.forEach((r, i) => {
    const at = (...p: (string | number)[]) => ['results', i, ...p];
    if (!ids.has(r.scenario)) {
      ctx.addIssue({code: 'custom', path: at('scenario'), message: `unknown scenario "${r.scenario}" (declared: ${[...ids].join(', ')})`});
    }
    const def = METRICS[r.metric];
    if (def && r.unit !== def.unit) {
      ctx.addIssue({code: 'custom', path: at('unit'), message: `unit "${r.unit}" does not match metric "${r.metric}", which is in "${def.unit}"`});
    }
    if (def && !def.signed) {
      const negative = (v: number | null | undefined, ...p: (string | number)[]) => {
        if (v !== null && v !== undefined && v < 0) ctx.addIssue({code: 'custom', path: at(...p), message: 'must be >= 0'});
      };
      negative(r.value, 'value');
      r.samples?.forEach((v, k) => negative(v, 'samples', k));
      negative(r.min, 'min');
      negative(r.max, 'max');
    }
    if (r.value === null && !(r.flags ?? []).some((f) => ['not-measured', 'not-applicable', 'omitted-noisy'].includes(f.kind))) {
      ctx.addIssue({code: 'custom', path: at('value'), message: 'is null without a flag saying why (not-measured, not-applicable or omitted-noisy)'});
    }
    if (r.min !== undefined && r.max !== undefined && r.min > r.max) {
      ctx.addIssue({code: 'custom', path: at('min'), message: `min ${r.min} is greater than max ${r.max}`});
    }
    const key = rowKey(r);
    const first = seen.get(key);
    if (first !== undefined) {
      ctx.addIssue({code: 'custom', path: at(), message: `duplicate result row: same metric, scenario and conditions as results[${first}]`});
    } else seen.set(key, i);
  });
});

export type Dataset = z.infer<typeof datasetObject>;
