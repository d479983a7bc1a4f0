/**
 * <ClaimList data={eks} />: every conclusion of a suite's report with its
 * status on the version the page shows (✓ holds / ✗ contradicted), its
 * title, the statement with computed figures, and the values behind it. Evaluated
 * where it renders (build and browser) from the dataset already on the page,
 * so it follows the version picker.
 */
import React from 'react';
import Link from '@docusaurus/Link';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type {SuiteBundle} from '@site/src/data/bundle';
import {datasetTerm} from '@site/src/words/terms';
import type {Dataset} from '@site/src/data/schema';
import {unestablishedDifferences, type ClaimResult, type PointValue} from '@site/src/data/claims/evaluate';
import {METHODS_PAGE} from '@site/src/data/methodsPage';
import {renderStatement} from '@site/src/data/claims/render';
import {localized} from '@site/src/words/datasetText';
import {formatValue, labelColon, parentheses} from '@site/src/data/format';
import {useClaimResults} from '@site/src/plugins/bench-data/claims';
import ClaimStatusMark from '@site/src/components/ClaimStatusMark';
import EvidenceMark from '@site/src/components/EvidenceMark';
import {claimEvidence} from '@site/src/data/evidence';
import {conditionLabel, metricLabel, missingLabel, notEstablishedLabel, scenarioLabel} from '@site/src/words/labels';

import {CLAIM_UI} from './labels';
import KeepServerHtml from '@site/src/components/KeepServerHtml';
import styles from './styles.module.css';

function pointText(p: PointValue, dataset: Dataset, locale: string): {label: string; value: string} {
  const conds = Object.entries(p.where)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => conditionLabel(k as never, v as never, locale));
  const label = [scenarioLabel(dataset, p.scenario), metricLabel(p.metric), ...conds].join(' · ');
  const value = typeof p.value === 'number' ? formatValue(p.value, p.unit, locale) : p.value === null ? missingLabel(p.row?.flags?.[0]?.kind) : CLAIM_UI.missing();
  return {label, value};
}

/** Unique points of a claim, in check order (a point shared by two checks is listed once). */
function pointsOf(result: ClaimResult): PointValue[] {
  const seen = new Set<string>();
  return result.checks
    .flatMap((c) => c.points)
    .filter((p) => {
      const key = `${p.metric}|${p.scenario}|${JSON.stringify(p.where)}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/** Kept as the build wrote it until the reader picks another version (KeepServerHtml). */
/**
 * Under a claim that holds on what was seen while the rule does not establish the differences
 * it names (too few rounds, no spread recorded): why, and where the rule is explained.
 */
function SeenOnly({result}: {result: ClaimResult}): React.JSX.Element | null {
  if (result.status !== 'holds') return null;
  const reasons = [...new Set(unestablishedDifferences(result).map((d) => d.comparison.reason!))];
  if (reasons.length === 0) return null;
  return (
    <p className={styles.note} data-seen-only={reasons.join(' ')}>
      {reasons.map(notEstablishedLabel).join('; ')} · <Link to={METHODS_PAGE} data-methods-link>{CLAIM_UI.methods()}</Link>
    </p>
  );
}

export default function ClaimList(props: {data: SuiteBundle}): React.JSX.Element {
  return (
    <KeepServerHtml data={props.data}>
      <ClaimListBody {...props} />
    </KeepServerHtml>
  );
}

function ClaimListBody({data}: {data: SuiteBundle}): React.JSX.Element {
  const {i18n} = useDocusaurusContext();
  const locale = i18n.currentLocale;
  const {dataset, results} = useClaimResults(data);
  // Each claim is a link target (key results, findings and page prose point at #claim-<id>): register it for the build's anchor check.
  const brokenLinks = useBrokenLinks();
  for (const r of results) brokenLinks.collectAnchor(`claim-${r.claim.id}`);
  const holding = results.filter((r) => r.status === 'holds').length;
  const headingId = `claims-${dataset.suite}`;
  const [open, close] = parentheses(locale);
  return (
    <section className={styles.list} data-claims={dataset.suite} data-dataset={`${dataset.suite}@${dataset.version}`} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.heading}>
        {CLAIM_UI.heading()} <span className={styles.summary}>{open}{CLAIM_UI.summary(holding, results.length)}{close}</span>
      </h3>
      <p className={styles.intro}>{CLAIM_UI.intro(dataset.version)}</p>
      <ul>
        {results.map((r) => (
          <li key={r.claim.id} id={`claim-${r.claim.id}`} data-claim={r.claim.id} data-status={r.status} className={styles.item}>
            {/* The title leads: it is the text the overview's row links carry to this entry. */}
            <ClaimStatusMark status={r.status} /> <strong className={styles.title}>{localized(r.claim.title, locale)}</strong>
            <span className={styles.statement}>{renderStatement(r, locale, dataset, datasetTerm)}</span>
            <EvidenceMark evidence={claimEvidence(dataset, r)} locale={locale} />
            {r.claim.note && <p className={styles.note}>{localized(r.claim.note, locale)}</p>}
            <SeenOnly result={r} />
            <details className={styles.values}>
              <summary>{CLAIM_UI.values()}</summary>
              <ul>
                {pointsOf(r).map((p) => {
                  const {label, value} = pointText(p, dataset, locale);
                  return (
                    <li key={label}>
                      {label}{labelColon(locale)}{typeof p.value === 'number' ? <data value={p.value}>{value}</data> : value}
                    </li>
                  );
                })}
              </ul>
            </details>
          </li>
        ))}
      </ul>
    </section>
  );
}
