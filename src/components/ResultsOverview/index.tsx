/**
 * <ResultsOverview data={eks} />: the report's results at a glance, every key
 * metric (rows) against every scenario (columns). Each cell is the change
 * against the reference (the baseline column, or the same setup with a feature
 * off), coloured and barred by better or worse in the metric's direction,
 * with the value under it. A static table: complete without JavaScript, and it
 * follows the version picker like every figure of the suite. Rows are configured
 * per suite (OVERVIEW in src/suites/<suite>/index.ts, carried by the suite's bundle); the computation is
 * src/data/overview.ts.
 */
import React from 'react';
import clsx from 'clsx';
import Translate, {translate} from '@docusaurus/Translate';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type {SuiteBundle} from '@site/src/data/bundle';
import type {ClaimSet} from '@site/src/data/claims/schema';
import {FigureRows} from '@site/src/data/selectors';
import {formatFigure, typeset} from '@site/src/data/format';
import {cellText, directionLabel, flagLabel, overviewAgainstLabel, overviewRowLabel, overviewThreshold, scenarioLabel, verdictLabel, warningFlags} from '@site/src/words/labels';
import {localized} from '@site/src/words/datasetText';
import {scenarioName} from '@site/src/data/scenarios';
import {datasetTerm} from '@site/src/words/terms';
import {FULL_BAR_RATIO, overviewLines, type OverviewCell, type OverviewConfig, type OverviewLine} from '@site/src/data/overview';
import {useFigureCheck, useSuite} from '@site/src/plugins/bench-data/client';
import FigureShell from '@site/src/components/FigureShell';
import ScrollTable from '@site/src/components/ScrollTable';
import KeepServerHtml from '@site/src/components/KeepServerHtml';
import styles from './styles.module.css';

const CAP = Math.log2(FULL_BAR_RATIO);

/** A scenario's colour: its dataset slot in the chart palette (--chart-color-0…7, as ChartFigure's palette.ts colours it). */
const scenarioColor = (slot: number) => `var(--chart-color-${slot % 8})`;

/** "kube-proxy", "kp-less" stay whole in a narrow column header: non-breaking hyphens (U+2011). */
const noBreakHyphens = (text: string) => text.replace(/-/g, '\u2011');

/** "kube-proxy" never broken after its hyphen in running text; the text stays as written (copy, search, screen readers). */
function keepHyphenatedWhole(text: string): React.ReactNode[] {
  return text.split(/(\S+-\S+)/).map((part, i) => (i % 2 === 1 ? <span key={i} className={styles.nowrap}>{part}</span> : part));
}

/** The bar: from the middle, right when better, left when worse; length log2(times better) up to CAP. */
function Bar({strength}: {strength: number}): React.JSX.Element {
  const width = `${(Math.abs(strength) / CAP) * 50}%`;
  return (
    <span className={styles.bar} aria-hidden="true">
      <span className={styles.fill} style={strength >= 0 ? {left: '50%', width} : {right: '50%', width}} />
    </span>
  );
}

function Cell({line, cell, locale}: {line: OverviewLine; cell: OverviewCell; locale: string}): React.JSX.Element {
  // The cell's own flags: a flagged reference carries its mark in its own cell.
  const warnings = warningFlags(cell.row);
  const warningText = typeset([...new Set(warnings.map((f) => flagLabel(f.kind)))].join('; '), locale);
  const flag = warnings.length > 0 && (
    <span className={styles.flag} title={warningText}>
      {' '}⚠<span className="sr-only">{warningText}</span>
    </span>
  );
  // The value alone: a row's min–max over rounds is in the charts below, not in a cell this small.
  const value = cellText(cell.row, line.unit, locale, cell.row?.value ?? null);
  const measured = cell.row?.value !== null && cell.row?.value !== undefined;
  const compared = cell.change !== undefined && cell.verdict !== 'reference' && cell.verdict !== 'none';
  return (
    <td className={clsx(styles.cell, styles[cell.verdict])} data-scenario={cell.scenario} data-verdict={cell.verdict}>
      {compared ? (
        <>
          <span className={styles.change}>
            <data value={Number(cell.change!.value.toFixed(4))}>{formatFigure(cell.change!, locale)}</data>
            {flag}
          </span>
          <span className={styles.value}>{value}</span>
          {cell.strength !== undefined && cell.verdict !== 'context' && <Bar strength={cell.strength} />}
          <span className="sr-only">{verdictLabel(cell.verdict)}</span>
        </>
      ) : (
        <span className={clsx(styles.change, !measured && styles.missing)}>
          {/* A plain space between number and unit: a phone's strip may put the unit under the number. */}
          {measured ? <data value={cell.row!.value!}>{value.replace(/\u00a0/g, ' ')}</data> : value}
          {flag}
          {cell.verdict === 'reference' && <span className="sr-only">{verdictLabel('reference')}</span>}
        </span>
      )}
    </td>
  );
}

function RowHeader({line, suite, claims, locale}: {line: OverviewLine; suite: string; claims?: ClaimSet; locale: string}): React.JSX.Element {
  const brokenLinks = useBrokenLinks();
  const {spec} = line;
  const against = overviewAgainstLabel(spec, locale);
  const size = overviewThreshold(line.threshold, line.unit, locale);
  const threshold = line.ranged
    ? translate({id: 'overview.threshold.ranged', message: 'range over rounds', description: 'Under a row label: min–max over rounds decides what is a clear difference'})
    : line.thresholdFromRuns
      ? translate({id: 'overview.threshold.runs', message: '{size}: spread between runs', description: 'Under a row label: the spread two runs of one setup showed'}, {size})
      : size;
  const claim = spec.claim === undefined ? undefined : claims?.claims.find((c) => c.id === spec.claim);
  if (spec.claim !== undefined && !claim) throw new Error(`<ResultsOverview>: row "${spec.key}" links claim "${spec.claim}", which ${suite} does not have`);
  if (claim) brokenLinks.collectLink(`#claim-${claim.id}`);
  return (
    <th scope="row" className={styles.rowHeader}>
      {/* A line may break after a slash ("connect/request/response"), never inside a word. */}
      <span className={styles.label}>{overviewRowLabel(spec, locale).replace(/\//g, '/\u200b')}</span>
      {against && <span className={styles.against}>{against}</span>}
      <span className={styles.hint}>{typeset(`${directionLabel(line.direction)} · ${threshold}`, locale)}</span>
      {claim && (
        <a className={styles.claim} href={`#claim-${claim.id}`}>
          {keepHyphenatedWhole(localized(claim.title, locale))}
        </a>
      )}
    </th>
  );
}

/**
 * What decides "no clear difference", said only for the kinds of rows this table has and
 * with the rounds its figures stand on (OverviewLine.rounds): single runs (spread unknown),
 * medians stored without their spread, or rows with a min–max over rounds.
 */
function thresholdNote(lines: OverviewLine[], locale: string): string {
  const byThreshold = [...new Set(lines.filter((l) => !l.ranged).flatMap((l) => l.rounds))].sort((a, b) => a - b);
  const medians = byThreshold.filter((n) => n > 1);
  const sentences = [translate({id: 'overview.legend.thresholdIntro', message: 'Under each measure: which direction is better and how large a change must be to count.'})];
  if (byThreshold.includes(1))
    sentences.push(translate({id: 'overview.legend.thresholdSingle', message: '±n%: these figures are single runs, spread unknown, so a smaller change is not called better or worse.', description: 'Overview key, for rows whose figures are one run each'}));
  if (medians.length > 0)
    sentences.push(
      translate(
        {id: 'overview.legend.thresholdMedians', message: '±n%: these figures are medians of {rounds} rounds, stored without their spread, so a smaller change is not called better or worse.', description: 'Overview key, for rows whose figures are medians over rounds with no min–max kept; {rounds} is a number or "3 or 5"'},
        {rounds: new Intl.ListFormat(locale, {type: 'disjunction'}).format(medians.map(String))},
      ),
    );
  if (lines.some((l) => l.ranged))
    sentences.push(translate({id: 'overview.legend.thresholdRanged', message: '"range over rounds": a change inside the figures\' min–max over rounds is not called better or worse.', description: 'Overview key, for rows decided by the min–max over rounds'}));
  return typeset(sentences.join(locale.startsWith('zh') ? '' : ' '), locale);
}

/** Kept as the build wrote it until the reader picks another version (KeepServerHtml). */
export default function ResultsOverview(props: {data: SuiteBundle; config?: OverviewConfig}): React.JSX.Element {
  return (
    <KeepServerHtml data={props.data}>
      <ResultsOverviewBody {...props} />
    </KeepServerHtml>
  );
}

function ResultsOverviewBody({data, config}: {data: SuiteBundle; config?: OverviewConfig}): React.JSX.Element {
  const {i18n} = useDocusaurusContext();
  const locale = i18n.currentLocale;
  const {dataset} = useSuite(data);
  const suite = data.manifest.suite;
  const overview = config ?? data.overview;
  if (!overview) throw new Error(`<ResultsOverview>: suite "${suite}" has no overview; export OVERVIEW from src/suites/${suite}/index.ts (the bench-data plugin finds it by the suite's name)`);
  const select = new FigureRows(dataset);
  const lines = overviewLines(select, overview, data.claims);
  useFigureCheck(data, dataset, '<ResultsOverview>', select.problems);
  const scenarios = overview.scenarios ?? dataset.scenarios.map((s) => s.id);
  const slot = (id: string) => dataset.scenarios.findIndex((s) => s.id === id);
  const baseline = overview.baseline === undefined ? undefined : scenarioLabel(dataset, overview.baseline);
  const title = baseline
    ? translate({id: 'overview.title', message: 'Every key figure against {baseline}'}, {baseline})
    : translate({id: 'overview.titleNoBaseline', message: 'Every key figure'});
  return (
    <FigureShell
      name="ResultsOverview"
      dataset={dataset}
      framed={false}
      title={typeset(title, locale)}
      caption={
        <div className={clsx(styles.palette, styles.caption)}>
          <ul className={styles.legend} aria-label={translate({id: 'overview.legend', message: 'Key'})}>
            <li>
              <span className={clsx(styles.swatch, styles.better)} aria-hidden="true" />
              <Translate id="overview.legend.better">Better than the reference</Translate>
            </li>
            <li>
              <span className={clsx(styles.swatch, styles.worse)} aria-hidden="true" />
              <Translate id="overview.legend.worse">Worse than the reference</Translate>
            </li>
            <li>
              <span className={clsx(styles.swatch, styles.unclear)} aria-hidden="true" />
              <Translate id="overview.legend.unclear">No clear difference</Translate>
            </li>
          </ul>
          <p>
            <Translate id="overview.legend.read" values={{ratio: formatFigure({kind: 'ratio', value: FULL_BAR_RATIO}, locale)}}>
              {
                'Each cell gives the change against the reference (the column marked "reference", or the same setup without the feature where a row says so) and the value under it. Bars grow to the right when better and to the left when worse, on a log scale that is full at {ratio}.'
              }
            </Translate>
            {/* Chinese sentences follow one another without a space. */}
            {locale.startsWith('zh') ? '' : ' '}
            {thresholdNote(lines, locale)}
          </p>
        </div>
      }>
      <ScrollTable label={typeset(title, locale)} wrapClassName={clsx(styles.palette, styles.wrap)} className={clsx(styles.table, scenarios.length > 3 && styles.many)} style={{'--columns': scenarios.length} as React.CSSProperties} data-overview={suite}>
        <caption className="sr-only">{typeset(title, locale)}</caption>
        <thead>
          <tr>
            <th scope="col" className={styles.corner}>
              <Translate id="overview.measure">Measure</Translate>
            </th>
            {scenarios.map((id) => {
              const short = scenarioName(dataset, id, {form: 'short', nameOf: datasetTerm});
              const full = scenarioLabel(dataset, id);
              const name = datasetTerm(dataset.scenarios[slot(id)].name);
              return (
                <th key={id} scope="col" className={styles.scenario} data-scenario={id}>
                  <span className={styles.swatchLine} style={{background: scenarioColor(slot(id))}} aria-hidden="true" />
                  {short === full ? (
                    <span className={styles.name}>{noBreakHyphens(full)}</span>
                  ) : (
                    <>
                      <span className={styles.id}>{short}</span>
                      <span className={styles.longName}>{noBreakHyphens(name)}</span>
                    </>
                  )}
                  {id === overview.baseline && (
                    <span className={styles.tag}>
                      <Translate id="overview.referenceTag">reference</Translate>
                    </span>
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.spec.key} data-row={line.spec.key}>
              <RowHeader line={line} suite={suite} claims={data.claims} locale={locale} />
              {line.cells.map((cell) => (
                <Cell key={cell.scenario} line={line} cell={cell} locale={locale} />
              ))}
            </tr>
          ))}
        </tbody>
      </ScrollTable>
    </FigureShell>
  );
}
