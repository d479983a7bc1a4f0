/** Facts of the local suite (two network namespaces on one machine) shared by its charts. */
import type {LocalizedText} from '../schema';

/** The suite's title, in every language (the ingest writes it into each new dataset version). */
export const TITLE: LocalizedText = {
  en: 'Single-host network namespaces: veth baseline and iptables chain length',
  ko: '단일 호스트 네트워크 네임스페이스: veth 기준선과 iptables 체인 길이',
  zh: '单机网络命名空间：veth 基线与 iptables 规则链长度',
};

/** The veth pair without any rules: the baseline of every local figure. */
export const LOCAL_BASELINE = 'direct';

/** The veth pair behind a growing chain of non-matching iptables rules (the rule-chain sweep). */
export const CHAIN_SCENARIO = 'chain';
