/**
 * The site's dictionary: the interface's words for the data vocabulary (metric
 * names, flags, missing cells, directions, conditions, scenarios) and for the
 * results overview (row labels, what a row is compared against, verdicts), in
 * the reader's language. Every string goes through translate() with a literal
 * id so `docusaurus write-translations` extracts it into code.json. It needs
 * Docusaurus' Translate: the site and the unit tests load it, the Node tools
 * in scripts/ cannot.
 */
import {translate} from '@docusaurus/Translate';
import type {Direction, MetricId, Unit} from '../data/metrics';
import type {ConditionKey, Conditions, Dataset, FlagKind, LocalizedText, ResultRow} from '../data/schema';
import type {OverviewRowSpec, Verdict} from '../data/overview';
import {formatFigure, formatNumber, formatValue, listText, typeset} from '../data/format';
import {parseRoundCount} from '../data/roundCounts';
import {MIN_ROUNDS, type NotEstablishedReason} from '../data/uncertainty';
import {scenarioName} from '../data/scenarios';
import {localized} from './datasetText';
import {datasetTerm} from './terms';
import {LOCALES} from '../../i18n/locales';

export function metricLabel(id: MetricId): string {
  switch (id) {
    case 'tcp_throughput': return translate({id: 'metric.tcp_throughput', message: 'TCP throughput'});
    case 'udp_throughput': return translate({id: 'metric.udp_throughput', message: 'UDP throughput'});
    case 'udp_loss': return translate({id: 'metric.udp_loss', message: 'UDP packet loss'});
    case 'udp_jitter': return translate({id: 'metric.udp_jitter', message: 'UDP jitter'});
    case 'pod_rtt': return translate({id: 'metric.pod_rtt', message: 'Pod-to-pod RTT'});
    case 'loaded_rtt': return translate({id: 'metric.loaded_rtt', message: 'TCP RTT under bulk load (iperf3 sender)'});
    case 'tcp_rr_latency': return translate({id: 'metric.tcp_rr_latency', message: 'TCP request/response latency (TCP_RR)'});
    case 'tcp_crr_latency': return translate({id: 'metric.tcp_crr_latency', message: 'TCP connect/request/response latency (TCP_CRR)'});
    case 'tcp_crr_rate': return translate({id: 'metric.tcp_crr_rate', message: 'TCP connections per second, one request each (TCP_CRR)'});
    case 'conn_setup_time': return translate({id: 'metric.conn_setup_time', message: 'Connection setup time'});
    case 'http_latency': return translate({id: 'metric.http_latency', message: 'HTTP latency'});
    case 'http_rps': return translate({id: 'metric.http_rps', message: 'HTTP requests per second'});
    case 'dns_latency': return translate({id: 'metric.dns_latency', message: 'DNS resolution latency'});
    case 'iptables_nat_rules': return translate({id: 'metric.iptables_nat_rules', message: 'iptables NAT rules'});
    case 'service_chain_length': return translate({id: 'metric.service_chain_length', message: 'KUBE-SERVICES chain length'});
    case 'bpf_lb_entries': return translate({id: 'metric.bpf_lb_entries', message: 'BPF load-balancer entries'});
    case 'kubeproxy_sync_time': return translate({id: 'metric.kubeproxy_sync_time', message: 'kube-proxy sync time'});
    case 'kubeproxy_full_sync_time': return translate({id: 'metric.kubeproxy_full_sync_time', message: 'kube-proxy full resync time'});
    case 'kubeproxy_partial_sync_time': return translate({id: 'metric.kubeproxy_partial_sync_time', message: 'kube-proxy partial sync time (one Service changed)'});
    case 'network_programming_latency': return translate({id: 'metric.network_programming_latency', message: 'Network programming latency'});
    case 'kubeproxy_cpu_time': return translate({id: 'metric.kubeproxy_cpu_time', message: 'kube-proxy process CPU time per full resync (without the iptables-restore or nft it runs)'});
    case 'kubeproxy_tree_cpu_time': return translate({id: 'metric.kubeproxy_tree_cpu_time', message: 'CPU time of kube-proxy and the iptables-restore or nft it runs, per full resync'});
    case 'connect_latency': return translate({id: 'metric.connect_latency', message: 'TCP connect() time to a ClusterIP'});
    case 'rule_walk_cost': return translate({id: 'metric.rule_walk_cost', message: 'Added connect() time per 1,000 KUBE-SERVICES rules ahead of the match'});
    case 'nft_rules': return translate({id: 'metric.nft_rules', message: 'nftables rules'});
    case 'nft_set_elements': return translate({id: 'metric.nft_set_elements', message: 'nftables set and map elements'});
    case 'cpu_usage': return translate({id: 'metric.cpu_usage', message: 'CPU usage'});
    case 'memory_usage': return translate({id: 'metric.memory_usage', message: 'Memory usage'});
    case 'bpf_map_memory': return translate({id: 'metric.bpf_map_memory', message: 'BPF map memory'});
    case 'bpf_map_count': return translate({id: 'metric.bpf_map_count', message: 'BPF map count'});
    case 'bpf_map_max_entries': return translate({id: 'metric.bpf_map_max_entries', message: 'BPF map max entries'});
    case 'agent_rss': return translate({id: 'metric.agent_rss', message: 'Agent resident memory'});
    case 'lighthouse_performance': return translate({id: 'metric.lighthouse_performance', message: 'Lighthouse performance score'});
    case 'lighthouse_accessibility': return translate({id: 'metric.lighthouse_accessibility', message: 'Lighthouse accessibility score'});
    case 'total_blocking_time': return translate({id: 'metric.total_blocking_time', message: 'Total Blocking Time (TBT)'});
    case 'largest_contentful_paint': return translate({id: 'metric.largest_contentful_paint', message: 'Largest Contentful Paint (LCP)'});
    case 'cumulative_layout_shift': return translate({id: 'metric.cumulative_layout_shift', message: 'Cumulative Layout Shift (CLS)'});
    case 'js_first_view': return translate({id: 'metric.js_first_view', message: 'JavaScript at first view (gzip)'});
    case 'site_build_time': return translate({id: 'metric.site_build_time', message: 'Full site build, every language, no cache'});
    case 'phone_panel_after_scroll': return translate({id: 'metric.phone_panel_after_scroll', message: 'Phone: panel in view drawn after scrolling to the chart'});
    case 'phone_chart_after_scroll': return translate({id: 'metric.phone_chart_after_scroll', message: 'Phone: every panel drawn after scrolling to the chart'});
    case 'phone_shared_view': return translate({id: 'metric.phone_shared_view', message: 'Phone: shared link, saved view shown'});
    case 'phone_shared_chart': return translate({id: 'metric.phone_shared_chart', message: 'Phone: shared link, chart drawn'});
    case 'phone_empty_box': return translate({id: 'metric.phone_empty_box', message: 'Phone: times a chart box was empty while loading'});
    case 'http_rps_relative': return translate({id: 'metric.http_rps_relative', message: 'HTTP requests per second, % of baseline'});
  }
  // A metric added to the registry without a label shows its id rather than nothing.
  return id;
}

/**
 * A flag's detail for the reader. The ingest writes its round counts in English only
 * (src/data/roundCounts.ts); those are translated here, other details
 * show the dataset's own text for the locale.
 */
export function flagDetail(detail: LocalizedText, locale: string): string {
  const count = detail[locale] === undefined ? parseRoundCount(detail.en) : null;
  if (count?.kind === 'inRounds') {
    const rounds = translate({id: 'flag.detail.inRounds', message: 'in {hit} of {total} rounds'}, {hit: String(count.hit), total: String(count.total)});
    // What the rounds found (counter names and deltas) stays as the ingest wrote it.
    return count.found !== undefined ? `${rounds}: ${count.found}` : rounds;
  }
  if (count?.kind === 'ofMinimum') return translate({id: 'flag.detail.roundsOfMinimum', message: '{count} of {minimum} rounds'}, {count: String(count.count), minimum: String(count.minimum)});
  return localized(detail, locale);
}

export function flagLabel(kind: FlagKind): string {
  switch (kind) {
    case 'not-measured': return translate({id: 'flag.not-measured', message: 'not measured'});
    case 'not-applicable': return translate({id: 'flag.not-applicable', message: 'not applicable'});
    case 'omitted-noisy': return translate({id: 'flag.omitted-noisy', message: 'withheld as too noisy'});
    case 'target-not-reached': return translate({id: 'flag.target-not-reached', message: 'target load not reached (QPS or bitrate)'});
    case 'high-loss': return translate({id: 'flag.high-loss', message: 'high packet loss'});
    case 'single-round-outlier': return translate({id: 'flag.single-round-outlier', message: 'single-round outlier'});
    case 'suspected-transient': return translate({id: 'flag.suspected-transient', message: 'suspected transient spike'});
    case 'same-node': return translate({id: 'flag.same-node', message: 'client and server on the same node'});
    case 'too-few-rounds': return translate({id: 'flag.too-few-rounds', message: 'fewer rounds than the method asks'});
    case 'approximate': return translate({id: 'flag.approximate', message: 'approximate'});
    case 'busy-host': return translate({id: 'flag.busy-host', message: 'host busy (not idle before the measurement, or CPU taken by the hypervisor during it)'});
    case 'nic-throttled': return translate({id: 'flag.nic-throttled', message: 'instance network allowance exceeded (ENA throttling, not the CNI)'});
    case 'receiver-drops': return translate({id: 'flag.receiver-drops', message: 'receiver dropped datagrams (loss partly at the receiving host)'});
    case 'sender-cpu-bound': return translate({id: 'flag.sender-cpu-bound', message: 'sender CPU-bound (iperf3 sender above 90 % CPU)'});
    case 'receiver-cpu-bound': return translate({id: 'flag.receiver-cpu-bound', message: 'receiver CPU-bound (iperf3 receiver above 90 % CPU)'});
  }
  return kind;
}

/** Short cell text for a missing value. */
export function missingLabel(kind: FlagKind | undefined): string {
  if (kind === 'not-applicable') return translate({id: 'cell.notApplicable', message: 'N/A', description: 'Short table cell for a metric that does not apply'});
  return translate({id: 'cell.notMeasured', message: 'N/M', description: 'Short table cell for a value that was not measured'});
}

const MISSING_KINDS = new Set<FlagKind>(['not-measured', 'not-applicable', 'omitted-noisy']);

/**
 * A row as the text of a table cell or tooltip: its value for the locale (with the
 * min–max over rounds when they differ), why it is missing, or "–" for no row.
 * `value` replaces the row's own (e.g. a share of the first category).
 */
export function cellText(row: ResultRow | undefined, unit: Unit, locale: string, value?: number | null): string {
  if (!row) return '–';
  const v = value === undefined ? row.value : value;
  if (v === null) return missingLabel(row.flags?.find((f) => MISSING_KINDS.has(f.kind))?.kind);
  const base = formatValue(v, unit, locale);
  return row.min !== undefined && row.max !== undefined && row.min !== row.max && value === undefined
    ? `${base} (${formatValue(row.min, unit, locale)}–${formatValue(row.max, unit, locale)})`
    : base;
}

/** Flags that deserve a visible warning (missing-value kinds are already said by the cell text). */
export function warningFlags(row: ResultRow | undefined) {
  return (row?.flags ?? []).filter((f) => !MISSING_KINDS.has(f.kind));
}

/** Said (to hover and to screen readers) by a cell whose condition the dataset has no row for. */
export function absentLabel(): string {
  return translate({id: 'cell.absent', message: 'Not part of this run', description: 'Hover text of a table cell (shown as a dash) for a scenario/condition the dataset has no row for'});
}

/** After a difference the site's rule does not establish (src/data/uncertainty.ts), with the reason. */
export function notEstablishedLabel(reason: NotEstablishedReason): string {
  switch (reason) {
    case 'too-few-rounds':
      return translate({id: 'uncertainty.notEstablished.tooFewRounds', message: 'not established: fewer than {rounds} rounds', description: 'After a difference: it is not called better or worse because a figure stands on fewer rounds than the rule needs'}, {rounds: String(MIN_ROUNDS)});
    case 'no-spread':
      return translate({id: 'uncertainty.notEstablished.noSpread', message: 'not established: no min–max over rounds recorded', description: 'After a difference: it is not called better or worse because a figure keeps no range over its rounds'});
    case 'overlap':
      return translate({id: 'uncertainty.notEstablished.overlap', message: 'not established: the ranges over rounds overlap', description: 'After a difference: it is not called better or worse because the min–max ranges over rounds overlap'});
  }
}

export function directionLabel(direction: Direction): string {
  switch (direction) {
    case 'higher': return translate({id: 'direction.higher', message: 'Higher is better'});
    case 'lower': return translate({id: 'direction.lower', message: 'Lower is better'});
    case 'context': return translate({id: 'direction.context', message: 'Neither higher nor lower is better on its own'});
  }
}

/** "QPS 1,000", "keepalive", "8 streams", "c64", "p99"... for one condition. */
export function conditionLabel<K extends keyof Conditions>(key: K, value: NonNullable<Conditions[K]>, locale: string): string {
  const n = (v: number) => formatNumber(v, locale, 0);
  switch (key) {
    case 'qps':
      return value === 'max'
        ? translate({id: 'cond.qps.max', message: 'max QPS'})
        : translate({id: 'cond.qps', message: 'QPS {qps}'}, {qps: n(value as number)});
    case 'services': return translate({id: 'cond.services', message: '{count} Services'}, {count: n(value as number)});
    case 'rules': return translate({id: 'cond.rules', message: '{count} rules'}, {count: n(value as number)});
    case 'connection':
      return value === 'keepalive'
        ? translate({id: 'cond.connection.keepalive', message: 'keepalive'})
        : translate({id: 'cond.connection.close', message: 'Connection: close'});
    case 'streams':
      return value === 1
        ? translate({id: 'cond.streams.one', message: '1 stream'})
        : translate({id: 'cond.streams', message: '{count} streams'}, {count: n(value as number)});
    case 'concurrency': return `c${value as number}`;
    case 'path':
      return value === 'host'
        ? translate({id: 'cond.path.host', message: 'host network'})
        : value === 'pod'
          ? translate({id: 'cond.path.pod', message: 'pod to pod'})
          : translate({id: 'cond.path.service', message: 'via Service'});
    case 'stat': return value === 'avg' ? translate({id: 'cond.stat.avg', message: 'average'}) : value === 'max' ? translate({id: 'cond.stat.max', message: 'maximum'}) : String(value);
    case 'policy':
      return value === 'none'
        ? translate({id: 'cond.policy.none', message: 'no policy'})
        : value === 'l3l4'
          ? translate({id: 'cond.policy.l3l4', message: 'L3/L4 policy'})
          : translate({id: 'cond.policy.l7', message: 'L7 policy'});
    case 'hubble': return value ? translate({id: 'cond.hubble.on', message: 'Hubble on'}) : translate({id: 'cond.hubble.off', message: 'Hubble off'});
    case 'offeredGbps': return translate({id: 'cond.offeredGbps', message: '{rate} Gbps offered'}, {rate: formatNumber(value as number, locale)});
    case 'lbMapMax': return translate({id: 'cond.lbMapMax', message: 'bpf-lb-map-max {count}'}, {count: n(value as number)});
    case 'family': return value === 'ipv6' ? translate({id: 'cond.family.ipv6', message: 'IPv6 proxier'}) : translate({id: 'cond.family.ipv4', message: 'IPv4 proxier'});
    // A language by its own name, as the language menu writes it.
    case 'locale': return LOCALES[value as string]?.label ?? String(value);
    default: return String(value);
  }
}

/** A scenario's full label in the reader's language: "A: VPC CNI", "Cilium 原生路由". */
export function scenarioLabel(dataset: Pick<Dataset, 'scenarios'>, id: string): string {
  return scenarioName(dataset, id, {nameOf: datasetTerm});
}

/*
 * The results overview and the home page's headline figures. A row is named
 * from the vocabulary above (the metric's label and the conditions its config
 * shows), so a suite's overview needs no strings of its own.
 */

type Labelled = Pick<OverviewRowSpec, 'metric' | 'where' | 'show' | 'against' | 'deliveredAfter'>;

function conditionList(where: Partial<Conditions> | undefined, keys: readonly ConditionKey[], locale: string): string[] {
  return keys.flatMap((k) => {
    const v = where?.[k];
    return v === undefined || v === null ? [] : [conditionLabel(k, v as NonNullable<Conditions[typeof k]>, locale)];
  });
}

/** "HTTP latency, QPS 1,000, p99" ("…，QPS 1,000、p99" in Chinese): the metric and the conditions the row shows. */
export function overviewRowLabel(row: Labelled, locale: string): string {
  const metric = row.deliveredAfter
    ? translate({id: 'overview.delivered', message: '{metric} that arrives (after {loss})', description: 'Row label: what arrives of an offered rate, rate × (1 − loss)'}, {metric: metricLabel(row.metric), loss: metricLabel(row.deliveredAfter)})
    : metricLabel(row.metric);
  const conditions = conditionList(row.where, row.show ?? [], locale);
  return typeset(conditions.length ? `${metric}, ${listText(conditions, locale)}` : metric, locale);
}

/** "no policy": the conditions a row that compares each scenario with itself compares with. */
export function overviewAgainstConditions(row: Labelled, locale: string): string | undefined {
  if (!row.against) return undefined;
  return listText(conditionList(row.against, Object.keys(row.against) as ConditionKey[], locale), locale);
}

/** "against no policy": what a row that compares each scenario with itself compares with. */
export function overviewAgainstLabel(row: Labelled, locale: string): string | undefined {
  if (!row.against) return undefined;
  const what = overviewAgainstConditions(row, locale) ?? '';
  return typeset(translate({id: 'overview.against', message: 'against {conditions}', description: 'Under a row label: the same setup measured without the feature'}, {conditions: what}), locale);
}

export function verdictLabel(verdict: Verdict): string {
  switch (verdict) {
    case 'better':
      return translate({id: 'overview.verdict.better', message: 'better'});
    case 'worse':
      return translate({id: 'overview.verdict.worse', message: 'worse'});
    case 'not-established':
      return translate({id: 'overview.verdict.notEstablished', message: 'not established'});
    case 'context':
      return translate({id: 'overview.verdict.context', message: 'neither better nor worse on its own'});
    case 'reference':
      return translate({id: 'overview.verdict.reference', message: 'reference'});
    case 'none':
      return translate({id: 'overview.verdict.none', message: 'not compared'});
  }
}
