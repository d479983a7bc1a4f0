/**
 * <EvidenceMark evidence={...} />: one line, beside a conclusion, of what stands
 * behind it: "measured here · 5 rounds · min–max of rounds · 0–5,000 Services",
 * or "transcribed · 1 round · no spread recorded"; beside what a setup is rather
 * than a figure, "transcribed from a report · a feature, not a measurement". The
 * words are the reader's language; the figures come from the dataset (evidenceOf
 * in src/data/evidence.ts).
 */
import React from 'react';
import {translate} from '@docusaurus/Translate';
import {isFeatureEvidence, type Evidence, type FeatureEvidence} from '@site/src/data/evidence';
import {formatNumber, typeset} from '@site/src/data/format';
import styles from './styles.module.css';

function sourceText(source: Evidence['source']): string {
  return source === 'measured'
    ? translate({id: 'evidence.measured', message: 'measured here', description: 'Evidence mark: the figures come from this project’s bench scripts'})
    : translate({id: 'evidence.transcribed', message: 'transcribed from a report', description: 'Evidence mark: the figures are copied from a published report'});
}

export function evidenceText(e: Evidence | FeatureEvidence, locale: string): string {
  if (isFeatureEvidence(e)) {
    const feature = translate({id: 'evidence.feature', message: 'a feature, not a measurement', description: 'Evidence mark: the statement is about what a setup is (e.g. how it addresses pods), not a measured figure'});
    return typeset([sourceText(e.source), feature].join(' · '), locale);
  }
  const parts = [
    sourceText(e.source),
    e.rounds === 1
      ? translate({id: 'evidence.oneRound', message: '1 round'})
      : translate({id: 'evidence.rounds', message: '{rounds} rounds'}, {rounds: String(e.rounds)}),
    e.spread
      ? translate({id: 'evidence.spread', message: 'min–max of rounds', description: 'Evidence mark: every figure keeps its range over rounds'})
      : translate({id: 'evidence.noSpread', message: 'no spread recorded', description: 'Evidence mark: a figure keeps no range over rounds'}),
  ];
  if (e.services) {
    parts.push(
      e.services.min === e.services.max
        ? translate({id: 'evidence.servicesAt', message: 'at {services} Services'}, {services: formatNumber(e.services.max, locale)})
        : translate({id: 'evidence.servicesRange', message: '{min}–{max} Services'}, {min: formatNumber(e.services.min, locale), max: formatNumber(e.services.max, locale)}),
    );
  }
  return typeset(parts.join(' · '), locale);
}

/** What the mark stands for, for tests and scripts that read the page. */
function evidenceAttribute(e: Evidence | FeatureEvidence): string {
  if (isFeatureEvidence(e)) return `${e.source} feature`;
  return [e.source, e.rounds, e.spread ? 'spread' : 'no-spread', ...(e.services ? [`services ${e.services.min}-${e.services.max}`] : [])].join(' ');
}

export default function EvidenceMark({evidence, locale}: {evidence: Evidence | FeatureEvidence | undefined; locale: string}): React.JSX.Element | null {
  if (evidence === undefined) return null;
  return (
    <span className={styles.mark} data-evidence={evidenceAttribute(evidence)}>
      {evidenceText(evidence, locale)}
    </span>
  );
}
