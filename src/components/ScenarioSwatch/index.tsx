/**
 * <ScenarioSwatch>: a small square in a scenario's colour, the colour its bars and lines
 * have on every chart of the suite (src/data/chart/palette.ts), for tables and cards
 * that name scenarios outside a chart. Decorative: the scenario's name stands beside it.
 */
import React from 'react';
import {hueColor, scenarioSlot} from '@site/src/data/chart/palette';
import styles from './styles.module.css';

export default function ScenarioSwatch({scenarioIds, id}: {scenarioIds: readonly string[]; id: string}): React.JSX.Element | null {
  const slot = scenarioSlot(scenarioIds, id);
  if (slot === undefined) return null;
  return (
    <svg className={styles.swatch} width={11} height={11} viewBox="0 0 11 11" aria-hidden data-swatch data-scenario={id} data-variant={0}>
      <rect x={0} y={0} width={11} height={11} rx={1.5} fill={hueColor(slot)} data-fill />
    </svg>
  );
}
