/** The parser for each raw kind (the `kind` of a meta file). */
import type {Evidence, Parser, RawKind} from '../types';
import {parseBpftoolMaps} from './bpftool';
import {parseCiliumLbList} from './cilium';
import {parseConnectProbe} from './connect-probe';
import {parseDnsLatency} from './dns';
import {FORTIO_EVIDENCE, parseFortioHttp, parseFortioTcp} from './fortio';
import {IPERF3_EVIDENCE, parseIperf3Tcp, parseIperf3Udp} from './iperf3';
import {parseIptablesNat} from './iptables';
import {parseKubeProxyFullSync, parseKubeProxyNetprog, parseKubeProxySyncDelta} from './kubeproxy-window';
import {parseNftTable} from './nft';
import {parseKubeProxyMetrics} from './kubeproxy';
import {NETPERF_EVIDENCE, parseNetperfCrr, parseNetperfRr} from './netperf';
import {parseTopSamples} from './top';
import {parseKubeletResource} from './kubelet';
import {parseProcStatus} from './proc';

export const PARSERS: Record<RawKind, Parser> = {
  'iperf3-tcp': parseIperf3Tcp,
  'iperf3-udp': parseIperf3Udp,
  'fortio-http': parseFortioHttp,
  'fortio-tcp': parseFortioTcp,
  'netperf-rr': parseNetperfRr,
  'netperf-crr': parseNetperfCrr,
  'dns-latency': parseDnsLatency,
  'iptables-nat': parseIptablesNat,
  'cilium-lb-list': parseCiliumLbList,
  'kubeproxy-metrics': parseKubeProxyMetrics,
  'kubeproxy-fullsync': parseKubeProxyFullSync,
  'kubeproxy-netprog': parseKubeProxyNetprog,
  'nft-table': parseNftTable,
  'kubeproxy-sync-delta': parseKubeProxySyncDelta,
  'bpftool-maps': parseBpftoolMaps,
  'top-samples': parseTopSamples,
  'kubelet-resource': parseKubeletResource,
  'proc-status': parseProcStatus,
  'connect-probe': parseConnectProbe,
};

/**
 * What each kind's raw file says about how it was measured (evidence.ts checks the
 * meta against it). The other kinds' files state nothing a label claims: a rule
 * dump or a scrape has no load, and dns-latency lines are bare latencies.
 */
export const EVIDENCE: Partial<Record<RawKind, Evidence>> = {
  'iperf3-tcp': IPERF3_EVIDENCE,
  'iperf3-udp': IPERF3_EVIDENCE,
  'fortio-http': FORTIO_EVIDENCE,
  'fortio-tcp': FORTIO_EVIDENCE,
  'netperf-rr': NETPERF_EVIDENCE,
  'netperf-crr': NETPERF_EVIDENCE,
};
