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
import Link from '@docusaurus/Link';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type {SuiteBundle} from '@site/src/data/bundle';
import type {ClaimSet} from '@site/src/data/claims/schema';
import {FigureRows} from '@site/src/data/selectors';
import {formatFigure, typeset} from '@site/src/data/format';
import {cellText, directionLabel, flagLabel, notEstablishedLabel, overviewAgainstLabel, overviewRowLabel, scenarioLabel, verdictLabel, warningFlags} from '@site/src/words/labels';
import {MIN_ROUNDS} from '@site/src/data/uncertainty';
import {claimAppliesTo} from '@site/src/data/claims/evaluate';
import {METHODS_PAGE} from '@site/src/data/methodsPage';
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
  const why = cell.reason && typeset(notEstablishedLabel(cell.reason), locale);
  return (
    <td className={clsx(styles.cell, styles[cell.verdict])} data-scenario={cell.scenario} data-verdict={cell.verdict} data-reason={cell.reason} title={why}>
      {compared ? (
        <>
          <span className={styles.change}>
            <data value={Number(cell.change!.value.toFixed(4))}>{formatFigure(cell.change!, locale)}</data>
            {flag}
          </span>
          <span className={styles.value}>{value}</span>
          {cell.strength !== undefined && cell.verdict !== 'context' && <Bar strength={cell.strength} />}
          <span className="sr-only">{why ?? verdictLabel(cell.verdict)}</span>
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

function RowHeader({line, suite, claims, version, locale}: {line: OverviewLine; suite: string; claims?: ClaimSet; version: string; locale: string}): React.JSX.Element {
  const brokenLinks = useBrokenLinks();
  const {spec} = line;
  const against = overviewAgainstLabel(spec, locale);
  const known = spec.claim === undefined ? undefined : claims?.claims.find((c) => c.id === spec.claim);
  if (spec.claim !== undefined && !known) throw new Error(`<ResultsOverview>: row "${spec.key}" links claim "${spec.claim}", which ${suite} does not have`);
  // A claim scoped to other versions is not on the page for this one: no link.
  const claim = known && claimAppliesTo(known, version) ? known : undefined;
  if (claim) brokenLinks.collectLink(`#claim-${claim.id}`);
  return (
    <th scope="row" className={styles.rowHeader}>
      {/* A line may break after a slash ("connect/request/response"), never inside a word. */}
      <span className={styles.label}>{overviewRowLabel(spec, locale).replace(/\//g, '/\u200b')}</span>
      {against && <span className={styles.against}>{against}</span>}
      <span className={styles.hint}>{typeset(directionLabel(line.direction), locale)}</span>
      {claim && (
        <a className={styles.claim} href={`#claim-${claim.id}`}>
          {keepHyphenatedWhole(localized(claim.title, locale))}
        </a>
      )}
    </th>
  );
}

/**
 * The rule behind the colours, said once (src/data/uncertainty.ts), and which of its reasons
 * this table's cells that are not established have, so the key names only what the reader sees.
 */
function ruleNote(lines: OverviewLine[], locale: string): string {
  const reasons = new Set(lines.flatMap((l) => l.cells.map((c) => c.reason)).filter((r) => r !== undefined));
  const sentences = [
    translate(
      {id: 'overview.legend.rule', message: 'A difference is called better or worse only when both figures stand on at least {rounds} rounds and their min–max ranges over rounds do not overlap; any other difference is shown as seen and marked not established.', description: 'Overview key: the site\'s one rule for verdicts; {rounds} is a number'},
      {rounds: String(MIN_ROUNDS)},
    ),
  ];
  if (reasons.has('too-few-rounds')) sentences.push(translate({id: 'overview.legend.tooFewRounds', message: 'Here some figures stand on fewer rounds.', description: 'Overview key, when some cells are not established because a figure has too few rounds'}));
  if (reasons.has('no-spread')) sentences.push(translate({id: 'overview.legend.noSpread', message: 'Here some figures are medians stored without their min–max over rounds.', description: 'Overview key, when some cells are not established because a figure keeps no range'}));
  if (reasons.has('overlap')) sentences.push(translate({id: 'overview.legend.overlap', message: 'Here some ranges overlap.', description: 'Overview key, when some cells are not established because the ranges overlap'}));
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
  const lines = overviewLines(select, overview);
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
              <span className={clsx(styles.swatch, styles['not-established'])} aria-hidden="true" />
              <Translate id="overview.legend.notEstablished">Not established</Translate>
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
            {ruleNote(lines, locale)}
            {locale.startsWith('zh') ? '' : ' '}
            <Link to={METHODS_PAGE} data-methods-link>
              <Translate id="overview.legend.methods" description="Link from the overview key to the methods page">How the figures are made and judged</Translate>
            </Link>
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
              <RowHeader line={line} suite={suite} claims={data.claims} version={dataset.version} locale={locale} />
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
