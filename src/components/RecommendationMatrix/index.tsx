/**
 * Recommended setup by workload. The rows are page content (written in each
 * locale's MDX); a row's evidence is the claims it cites, rendered with their
 * computed figures. A row that rests on a capability rather than a
 * measurement says so (`basis: 'feature'`) and may cite none, but then its
 * text must carry no figure.
 *
 *   <RecommendationMatrix data={eks} rows={[{workload: '…', scenarios: ['E'], claims: ['rtt-a-to-e'], why: '…'}]} />
 */
import React from 'react';
import Translate, {translate} from '@docusaurus/Translate';
import type {SuiteBundle} from '@site/src/data/bundle';
import {useSuite} from '@site/src/plugins/bench-data/client';
import {scenarioLabel} from '@site/src/words/labels';
import ClaimStatusMark from '@site/src/components/ClaimStatusMark';
import {useClaims} from '@site/src/plugins/bench-data/claims';
import KeepServerHtml from '@site/src/components/KeepServerHtml';
import styles from './styles.module.css';
import ScrollTable from '@site/src/components/ScrollTable';

export interface RecommendationRow {
  workload: string;
  scenarios: string[];
  /** Shown after the scenario pills, e.g. "+ Hubble". */
  extra?: string;
  /** Figure-free reasoning in the page's language. */
  why?: string;
  /** Claim ids whose statements are the evidence. */
  claims?: string[];
  /** 'feature': the row rests on what a setup can do, not on a measurement. */
  basis?: 'measured' | 'feature';
}

/** A measured-looking figure: a number with a unit, percent or ratio ("36%", "2.3×", "4 ms"). */
const FIGURE = /\d(?:[\d.,]*\d)?\s?(?:%|×|x\b|Gbps|Mbps|ms|µs|us\b|req\/s|MiB|MB)/;

/** The rule the rows must follow; thrown at build with the row named. */
export function checkRows(rows: readonly RecommendationRow[]): void {
  rows.forEach((r, i) => {
    const where = `<RecommendationMatrix> row ${i + 1} ("${r.workload}")`;
    if (r.basis === 'feature') {
      if (FIGURE.test(r.why ?? '')) throw new Error(`${where}: a feature row states no figure; cite a claim instead`);
    } else if (!r.claims?.length) {
      throw new Error(`${where}: cite at least one claim id, or mark the row basis: 'feature'`);
    }
  });
}

function Row({data, row}: {data: SuiteBundle; row: RecommendationRow}): React.JSX.Element {
  const {dataset} = useSuite(data);
  const views = useClaims(data, row.claims ?? [], '<RecommendationMatrix>');
  return (
    <tr data-recommendation={row.workload} data-claims={(row.claims ?? []).join(' ') || undefined} data-basis={row.basis ?? 'measured'}>
      <th scope="row">{row.workload}</th>
      <td>
        {row.scenarios.map((s) => (
          <span key={s} className={styles.pill} data-scenario={s}>
            {scenarioLabel(dataset, s)}
          </span>
        ))}
        {row.extra && <span className={styles.pill}>{row.extra}</span>}
      </td>
      <td>
        {row.why && <p className={styles.why}>{row.why}</p>}
        {views.map((v) => (
          <p key={v.result.claim.id} className={styles.evidence} data-claim={v.result.claim.id}>
            <a href={`#claim-${v.result.claim.id}`}>{v.statement}</a> <ClaimStatusMark status={v.result.status} />
          </p>
        ))}
      </td>
    </tr>
  );
}

/** Kept as the build wrote it until the reader picks another version (KeepServerHtml). */
export default function RecommendationMatrix(props: {data: SuiteBundle; rows: RecommendationRow[]}): React.JSX.Element {
  return (
    <KeepServerHtml data={props.data}>
      <RecommendationMatrixBody {...props} />
    </KeepServerHtml>
  );
}

function RecommendationMatrixBody({data, rows}: {data: SuiteBundle; rows: RecommendationRow[]}): React.JSX.Element {
  checkRows(rows);
  return (
    <ScrollTable
      wrapClassName={styles.wrap}
      className={styles.table}
      label={translate({id: 'reco.region', message: 'Recommended setup by workload'})}
      columns={[<Translate id="reco.col.workload">Workload</Translate>, <Translate id="reco.col.setup">Recommended setup</Translate>, <Translate id="reco.col.why">Why</Translate>]}
      data-testid="recommendations">
      <tbody>
        {rows.map((r) => (
          <Row key={r.workload} data={data} row={r} />
        ))}
      </tbody>
    </ScrollTable>
  );
}
