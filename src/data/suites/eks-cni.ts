/**
 * Facts of the EKS suite (eks-cni) that its charts and blocks share: which
 * scenario plays which part in the report. Values come from the dataset.
 */
import type {LocalizedText} from '../schema';

/** The suite's title, in every language (the ingest writes it into each new dataset version). */
export const TITLE: LocalizedText = {
  en: 'Amazon EKS: VPC CNI and Cilium across five datapath setups',
  ko: 'Amazon EKS: 다섯 가지 데이터패스 구성으로 본 VPC CNI와 Cilium',
  zh: 'Amazon EKS:五种数据路径配置下的 VPC CNI 与 Cilium',
};

/** A: VPC CNI with kube-proxy in iptables mode, the EKS default every other setup is compared with. */
export const BASELINE = 'A';

/** E: Cilium ENI with eBPF kube-proxy replacement and tuning; the scenario re-run as Services grow. */
export const TUNED = 'E';
