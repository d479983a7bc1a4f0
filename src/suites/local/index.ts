/** Facts of the local suite (two network namespaces on one machine) shared by its charts. */
import type {OverviewConfig} from '../../data/overview';

/** The veth pair without any rules: the baseline of every local figure. */
export const LOCAL_BASELINE = 'direct';

/** The veth pair behind a growing chain of non-matching iptables rules (the rule-chain sweep). */
export const CHAIN_SCENARIO = 'chain';

/** The longest chain of the sweep, as the report's figures name it. */
const LONGEST_CHAIN = 10000;
const SHORT_CONNECTIONS = {qps: 'max', connection: 'close'} as const;

/** The home page's headline figures: the longest rule chain against no rules, on the chain scenario. */
export const OVERVIEW: OverviewConfig = {
  scenarios: [CHAIN_SCENARIO],
  rows: [
    {key: 'rps-short', metric: 'http_rps', where: {...SHORT_CONNECTIONS, rules: LONGEST_CHAIN}, exact: false, against: {rules: 0}, show: ['connection', 'rules']},
    {key: 'conn-setup', metric: 'conn_setup_time', where: {...SHORT_CONNECTIONS, rules: LONGEST_CHAIN, stat: 'p50'}, exact: false, against: {rules: 0}, show: ['rules', 'stat']},
  ],
  headlines: [
    {row: 'rps-short', scenario: CHAIN_SCENARIO, chart: 'RuleChainSweepChart'},
    {row: 'conn-setup', scenario: CHAIN_SCENARIO, chart: 'RuleChainSweepChart'},
  ],
};
