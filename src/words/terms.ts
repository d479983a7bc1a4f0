/**
 * Dataset strings shown to readers (scenario names, data-plane values,
 * environment notes) are English in the dataset and act as ids here: each
 * known string maps to a translate() call, so its Korean and Chinese forms
 * live in code.json like every other interface string.
 *
 * A string missing here is shown as it is (English); `npm run i18n:check`
 * lists it (src/words/datasetText.ts says which dataset fields are shown),
 * so a new bench run that brings a new string fails the check until the
 * string is added below and translated. Names that stay English everywhere
 * (Cilium, VPC CNI, iptables...) are in scripts/i18n/allowed-english.json.
 * Needs Docusaurus' Translate: the site and the unit tests load it, the Node
 * tools in scripts/ cannot.
 */
import {translate} from '@docusaurus/Translate';

const TERMS: Record<string, () => string> = {
  // scenarios[].name
  'Cilium kp-less': () => translate({id: 'dataset.term.Cilium kp-less', message: 'Cilium kp-less', description: 'Scenario name: Cilium with kube-proxy removed'}),
  'Cilium ENI + tuning': () => translate({id: 'dataset.term.Cilium ENI + tuning', message: 'Cilium ENI + tuning', description: 'Scenario name'}),
  'Cilium native': () => translate({id: 'dataset.term.Cilium native', message: 'Cilium native', description: 'Scenario name: Cilium with native routing'}),
  'Cilium overlay': () => translate({id: 'dataset.term.Cilium overlay', message: 'Cilium overlay', description: 'Scenario name: Cilium with a VXLAN overlay'}),
  'veth + iptables chain': () => translate({id: 'dataset.term.veth + iptables chain', message: 'veth + iptables chain', description: 'Scenario name'}),
  // scenarios[].cni
  'VPC-CNI + Cilium (cni-chaining)': () => translate({id: 'dataset.term.VPC-CNI + Cilium (cni-chaining)', message: 'VPC-CNI + Cilium (cni-chaining)'}),
  'none (veth pair)': () => translate({id: 'dataset.term.none (veth pair)', message: 'none (veth pair)'}),
  // scenarios[].kubeProxy
  'Cilium eBPF kube-proxy replacement': () => translate({id: 'dataset.term.Cilium eBPF kube-proxy replacement', message: 'Cilium eBPF kube-proxy replacement'}),
  'eBPF replacement': () => translate({id: 'dataset.term.eBPF replacement', message: 'eBPF replacement', description: 'kube-proxy replaced by eBPF'}),
  'kube-proxy (iptables mode)': () => translate({id: 'dataset.term.kube-proxy (iptables mode)', message: 'kube-proxy (iptables mode)'}),
  none: () => translate({id: 'dataset.term.none', message: 'none'}),
  'synthetic nat chain (kube-proxy iptables style)': () =>
    translate({id: 'dataset.term.synthetic nat chain (kube-proxy iptables style)', message: 'synthetic nat chain (kube-proxy iptables style)'}),
  // scenarios[].routing
  'VPC native (pod IPs are VPC IPs)': () => translate({id: 'dataset.term.VPC native (pod IPs are VPC IPs)', message: 'VPC native (pod IPs are VPC IPs)'}),
  'VXLAN overlay': () => translate({id: 'dataset.term.VXLAN overlay', message: 'VXLAN overlay'}),
  'direct veth, one host': () => translate({id: 'dataset.term.direct veth, one host', message: 'direct veth, one host'}),
  native: () => translate({id: 'dataset.term.native', message: 'native', description: 'Routing mode'}),
  'native (VPC)': () => translate({id: 'dataset.term.native (VPC)', message: 'native (VPC)'}),
  'tunnel (VXLAN)': () => translate({id: 'dataset.term.tunnel (VXLAN)', message: 'tunnel (VXLAN)'}),
  // scenarios[].ipam
  'Cilium (overlay pod CIDR)': () => translate({id: 'dataset.term.Cilium (overlay pod CIDR)', message: 'Cilium (overlay pod CIDR)'}),
  'ENI secondary IP': () => translate({id: 'dataset.term.ENI secondary IP', message: 'ENI secondary IP'}),
  'overlay (VXLAN)': () => translate({id: 'dataset.term.overlay (VXLAN)', message: 'overlay (VXLAN)'}),
  // kube-proxy suite (scenarios, environment.platform, environment.extra.ipvs)
  'Single-node Kubernetes (local, built from upstream sources)': () => translate({id: 'dataset.term.Single-node Kubernetes (local, built from upstream sources)', message: 'Single-node Kubernetes (local, built from upstream sources)'}),
  'bridge + host-local (CNI plugins)': () => translate({id: 'dataset.term.bridge + host-local (CNI plugins)', message: 'bridge + host-local (CNI plugins)'}),
  'iptables mode, iptables v1.8.9 (nf_tables)': () => translate({id: 'dataset.term.iptables mode, iptables v1.8.9 (nf_tables)', message: 'iptables mode, iptables v1.8.9 (nf_tables)'}),
  'nftables mode, nftables v1.0.6 (Lester Gooch #5)': () => translate({id: 'dataset.term.nftables mode, nftables v1.0.6 (Lester Gooch #5)', message: 'nftables mode, nftables v1.0.6 (Lester Gooch #5)'}),
  'iptables mode, iptables v1.8.9 (nf_tables), IPv4 single-stack': () => translate({id: 'dataset.term.iptables mode, iptables v1.8.9 (nf_tables), IPv4 single-stack', message: 'iptables mode, iptables v1.8.9 (nf_tables), IPv4 single-stack'}),
  'iptables mode, iptables v1.8.9 (legacy), IPv4 single-stack': () => translate({id: 'dataset.term.iptables mode, iptables v1.8.9 (legacy), IPv4 single-stack', message: 'iptables mode, iptables v1.8.9 (legacy), IPv4 single-stack'}),
  'nftables mode, nftables v1.0.6 (Lester Gooch #5), IPv4 single-stack': () => translate({id: 'dataset.term.nftables mode, nftables v1.0.6 (Lester Gooch #5), IPv4 single-stack', message: 'nftables mode, nftables v1.0.6 (Lester Gooch #5), IPv4 single-stack'}),
  'nftables mode, nftables v1.0.6 (Lester Gooch #5), dual-stack': () => translate({id: 'dataset.term.nftables mode, nftables v1.0.6 (Lester Gooch #5), dual-stack', message: 'nftables mode, nftables v1.0.6 (Lester Gooch #5), dual-stack'}),
  'one node, pods on a Linux bridge': () => translate({id: 'dataset.term.one node, pods on a Linux bridge', message: 'one node, pods on a Linux bridge'}),
  'not applicable: this kernel has no ip_vs module': () => translate({id: 'dataset.term.not applicable: this kernel has no ip_vs module', message: 'not applicable: this kernel has no ip_vs module'}),
  'available (not measured)': () => translate({id: 'dataset.term.available (not measured)', message: 'available (not measured)'}),
  // environment.platform and environment.extra
  'Linux network namespaces (veth pair)': () => translate({id: 'dataset.term.Linux network namespaces (veth pair)', message: 'Linux network namespaces (veth pair)'}),
  'Tencent Kubernetes Engine (TKE)': () => translate({id: 'dataset.term.Tencent Kubernetes Engine (TKE)', message: 'Tencent Kubernetes Engine (TKE)'}),
  'single AZ': () => translate({id: 'dataset.term.single AZ', message: 'single AZ', description: 'All nodes in one availability zone'}),
  'all three clusters in one VPC': () => translate({id: 'dataset.term.all three clusters in one VPC', message: 'all three clusters in one VPC'}),
  'client and server on different worker nodes': () =>
    translate({id: 'dataset.term.client and server on different worker nodes', message: 'client and server on different worker nodes'}),
  // site suite (scenarios[].name, environment.platform)
  'Docs home (plain page)': () => translate({id: 'dataset.term.Docs home (plain page)', message: 'Docs home (plain page)', description: 'Site suite: the documentation home, a page without charts'}),
  'EKS CNI report': () => translate({id: 'dataset.term.EKS CNI report', message: 'EKS CNI report'}),
  'TKE Cilium report': () => translate({id: 'dataset.term.TKE Cilium report', message: 'TKE Cilium report'}),
  'Site build (en, ko, zh)': () => translate({id: 'dataset.term.Site build (en, ko, zh)', message: 'Site build (en, ko, zh)'}),
  'Lighthouse on the built site, one machine': () => translate({id: 'dataset.term.Lighthouse on the built site, one machine', message: 'Lighthouse on the built site, one machine'}),
};

/** The reader's-language form of a dataset string (the string itself when it has none). */
export function datasetTerm(value: string): string;
export function datasetTerm(value: string | undefined): string | undefined;
export function datasetTerm(value: string | undefined): string | undefined {
  return value === undefined ? undefined : (TERMS[value]?.() ?? value);
}

