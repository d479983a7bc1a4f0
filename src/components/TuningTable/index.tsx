/**
 * The tuning options of a scenario (E by default) straight from the scenario
 * definition: Helm value, applied or not, and the recorded reason when not.
 * What each option does is explanatory content, keyed by the option id.
 */
import React from 'react';
import Translate, {translate} from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type {SuiteBundle} from '@site/src/data/bundle';
import {useSuite} from '@site/src/plugins/bench-data/client';
import {localized} from '@site/src/words/datasetText';
import KeepServerHtml from '@site/src/components/KeepServerHtml';
import styles from './styles.module.css';
import ScrollTable from '@site/src/components/ScrollTable';
import {TUNED} from '@site/src/suites/eks-cni';

/** Name and effect of the tuning options the report knows; unknown ids show their id and Helm value only. */
export function tuningText(id: string): {name: string; effect: string} | undefined {
  switch (id) {
    case 'bpf-host-routing': return {name: translate({id: 'tuning.bpf-host-routing', message: 'BPF host routing'}), effect: translate({id: 'tuning.bpf-host-routing.effect', message: 'Forwards in eBPF, skipping iptables in the host namespace'})};
    case 'dsr': return {name: translate({id: 'tuning.dsr', message: 'Direct server return (DSR)'}), effect: translate({id: 'tuning.dsr.effect', message: 'Backends answer NodePort/LoadBalancer clients directly'})};
    case 'bandwidth-manager': return {name: translate({id: 'tuning.bandwidth-manager', message: 'Bandwidth Manager'}), effect: translate({id: 'tuning.bandwidth-manager.effect', message: 'EDT-based pacing and rate limiting in eBPF'})};
    case 'bpf-masquerade': return {name: translate({id: 'tuning.bpf-masquerade', message: 'BPF masquerading'}), effect: translate({id: 'tuning.bpf-masquerade.effect', message: 'Source NAT in eBPF instead of iptables MASQUERADE'})};
    case 'socket-lb': return {name: translate({id: 'tuning.socket-lb', message: 'Socket-level load balancing'}), effect: translate({id: 'tuning.socket-lb.effect', message: 'Picks the Service backend once, at connect(), instead of per packet'})};
    case 'xdp-acceleration': return {name: translate({id: 'tuning.xdp-acceleration', message: 'XDP acceleration'}), effect: translate({id: 'tuning.xdp-acceleration.effect', message: 'Load balancing in the NIC driver, before the kernel stack'})};
    case 'bbr': return {name: translate({id: 'tuning.bbr', message: 'BBR congestion control'}), effect: translate({id: 'tuning.bbr.effect', message: 'Model-based TCP congestion control for pods'})};
    case 'native-routing': return {name: translate({id: 'tuning.native-routing', message: 'Native routing'}), effect: translate({id: 'tuning.native-routing.effect', message: 'No VXLAN encapsulation (already so in D)'})};
    case 'ct-table-expansion': return {name: translate({id: 'tuning.ct-table-expansion', message: 'Larger connection-tracking tables'}), effect: translate({id: 'tuning.ct-table-expansion.effect', message: 'More room for tracked connections'})};
    case 'hubble-disabled': return {name: translate({id: 'tuning.hubble-disabled', message: 'Hubble off'}), effect: translate({id: 'tuning.hubble-disabled.effect', message: 'No flow-observability overhead (for the benchmark only)'})};
    default: return undefined;
  }
}

/** Kept as the build wrote it until the reader picks another version (KeepServerHtml). */
export default function TuningTable(props: {data: SuiteBundle; scenario?: string}): React.JSX.Element {
  return (
    <KeepServerHtml data={props.data}>
      <TuningTableBody {...props} />
    </KeepServerHtml>
  );
}

function TuningTableBody({data, scenario = TUNED}: {data: SuiteBundle; scenario?: string}): React.JSX.Element {
  const {dataset} = useSuite(data);
  const locale = useDocusaurusContext().i18n.currentLocale;
  const def = dataset.scenarios.find((s) => s.id === scenario);
  if (!def) throw new Error(`<TuningTable>: no scenario "${scenario}" in ${dataset.suite}@${dataset.version}`);
  const items = def.tuning ?? [];
  return (
    <ScrollTable
      wrapClassName={styles.wrap}
      label={translate({id: 'tuning.region', message: 'Tuning options of scenario {scenario}'}, {scenario})}
      columns={[
        <Translate id="tuning.col.option">Option</Translate>,
        <Translate id="tuning.col.helm">Helm value</Translate>,
        <Translate id="tuning.col.effect">Effect</Translate>,
        <Translate id="tuning.col.applied">Applied</Translate>,
      ]}
      data-testid="tuning-table"
      data-scenario={scenario}>
      <tbody>
        {items.map((t) => {
          const text = tuningText(t.id);
          return (
            <tr key={t.id} data-tuning={t.id} data-applied={t.applied}>
              <th scope="row">{text?.name ?? t.id}</th>
              <td>
                <code>{t.helm}</code>
              </td>
              <td>{text?.effect ?? '–'}</td>
              <td>
                {t.applied ? (
                  <span className={styles.yes}>
                    ✓ <Translate id="tuning.applied">applied</Translate>
                  </span>
                ) : (
                  <>
                    <span className={styles.no}>
                      ✗ <Translate id="tuning.notApplied">not applied</Translate>
                    </span>
                    {t.reason && <div className={styles.reason}>{localized(t.reason, locale)}</div>}
                  </>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </ScrollTable>
  );
}
