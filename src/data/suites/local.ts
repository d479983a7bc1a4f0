/** Facts of the local suite (two network namespaces on one machine) shared by its charts. */

/** The veth pair without any rules: the baseline of every local figure. */
export const LOCAL_BASELINE = 'direct';

/** The veth pair behind a growing chain of non-matching iptables rules (the rule-chain sweep). */
export const CHAIN_SCENARIO = 'chain';
