/**
 * Facts of the EKS suite (eks-cni) that its charts and blocks share: which
 * scenario plays which part in the report. Values come from the dataset.
 */

/** A: VPC CNI with kube-proxy in iptables mode, the EKS default every other setup is compared with. */
export const BASELINE = 'A';

/** E: Cilium ENI with eBPF kube-proxy replacement and tuning; the scenario re-run as Services grow. */
export const TUNED = 'E';
