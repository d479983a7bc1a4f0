/**
 * ChartFigure: the shared frame every named chart is configured into.
 *
 * - root carries data-chart / data-dataset; each plot's height follows from its width (no layout shift);
 * - static HTML: each panel drawn by recharts at build time (./PanelPlot.tsx), and its numbers as a
 *   table under it (both readable without JavaScript);
 * - in the browser, once the reader points at, touches or focuses the figure: the recharts view (lazy chunk), tooltips,
 *   series toggles, permalink, CSV/JSON/SVG/PNG download of exactly what is shown, embed code (the build's
 *   file of the chart, src/plugins/chart-drawings/chartFiles.ts); when the
 *   suite has several versions, a version picker and "compare with previous version":
 *   each panel drawn for both versions side by side on one scale, and a table of what changed;
 * - "higher/lower is better", data notes (flags) and provenance under the chart.
 */
import React, {lazy, useCallback, useEffect, useMemo, useRef, useState} from 'react';
import clsx from 'clsx';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {labelColon} from '@site/src/data/format';
import {embedCode} from '@site/src/data/chartLink';
import useIsBrowser from '@docusaurus/useIsBrowser';
import type {SuiteBundle} from '@site/src/data/bundle';
import type {Dataset} from '@site/src/data/schema';
import {METRICS, type Direction} from '@site/src/data/metrics';
import {useFigureCheck, useShowsBuiltVersion, useSuite, previousVersion} from '@site/src/plugins/bench-data/client';
import FigureShell from '@site/src/components/FigureShell';
import KeepServerHtml from '@site/src/components/KeepServerHtml';
import type {ChartBuild, Panel} from '@site/src/data/chart/model';
import {panelChanges, sharedMaximum} from '@site/src/data/chart/compare';
import {toCsv, toJson} from '@site/src/data/chart/export';
import {colourPanels, type ColouredPanel} from '@site/src/data/chart/palette';
import ChangeTable from './ChangeTable';
import {MarkKey, chartWideFlags} from './marks';
import DataTable from './DataTable';
import {KeptDrawing, LivePlot, StaticPlot, keepDrawings} from './PanelPlot';
import {chartPicture, chartPng} from './exportImage';
import DataNotes from './DataNotes';
import Toolbar, {legendEntries} from './Toolbar';
import {directionLabel} from '@site/src/words/labels';
import {UI} from './ui';
import {chartSummary} from './summary';
import {hasUrlState, urlCarriesChartView, useChartUrlState} from './urlState';
import styles from './styles.module.css';

// Prefetched (downloaded at idle priority, not run) once a page with a chart has loaded, so a chart
// scrolled into view on a slow network does not wait for the chart library. Named, so a test can find it.
const loadRechartsView = () => import(/* webpackPrefetch: true, webpackChunkName: "chart-view" */ './RechartsView');
const RechartsView = lazy(loadRechartsView);

// A link to a chart's view draws that chart as soon as the page has hydrated: the chart library is requested
// when the page's code runs, not once hydration is done (seconds later on bench:site's phone profile).
if (typeof window !== 'undefined' && urlCarriesChartView()) void loadRechartsView();

export interface ChartFigureProps {
  /** Component name, e.g. "ThroughputChart": data-chart, anchor id and permalink key. */
  name: string;
  data: SuiteBundle;
  title: string;
  /** Turn a dataset into the panels to draw, for the page's locale and the chart's URL-kept view (see ChartBuild). */
  build: ChartBuild;
  /** Chart height in px (each panel). */
  height?: number;
  /** Optional caption / explanation under the title. */
  description?: React.ReactNode;
  /**
   * Extra controls rendered in the toolbar, e.g. an absolute / % toggle. A function gets the
   * chart's URL-kept view and its setter, so a control can switch what `build` draws.
   */
  controls?: React.ReactNode | ((view: ChartViewControl) => React.ReactNode);
  /** Content under the chart (interpretation notes from the page). */
  children?: React.ReactNode;
}

export interface ChartViewControl {
  view: string | undefined;
  setView: (view: string | undefined) => void;
}

/** "↑ Higher is better" / "↓ Lower is better" / neither, from the metric registry. */
export function DirectionBadge({direction}: {direction: Direction}): React.JSX.Element {
  return (
    <span className={clsx(styles.direction, styles[direction])} data-direction={direction}>
      {direction === 'higher' ? '↑ ' : direction === 'lower' ? '↓ ' : ''}
      {directionLabel(direction)}
    </span>
  );
}

/**
 * One panel in compare view: the previous and the current version side by side (stacked
 * on a phone) on one value scale, and the table of what changed under them.
 */
function ComparedPanel({panel, previous, hidden, height, locale, labelLines, versions, methods, caption}: {
  panel: ColouredPanel;
  previous: ColouredPanel | undefined;
  hidden: ReadonlySet<string>;
  height: number;
  locale: string;
  labelLines: boolean;
  versions: {previous: string; current: string};
  methods: {previous: Dataset['method']; current: Dataset['method']};
  caption: string;
}): React.JSX.Element {
  const sides: [string, ColouredPanel | undefined][] = [
    [versions.previous, previous],
    [versions.current, panel],
  ];
  const valueMax = sharedMaximum(previous ? [panel, previous] : [panel], hidden);
  return (
    <>
      <div className={styles.compare} data-compare={panel.key}>
        {sides.map(([version, p]) => (
          <div key={version} className={styles.compareSide} data-version={version}>
            <div className={styles.compareVersion}>{version}</div>
            {p ? (
              <LivePlot
                height={height}
                cover={<DataTable panel={p} hidden={hidden} caption={`${caption} (${version})`} />}
                draw={(width, h) => <RechartsView panel={p} hidden={hidden} width={width} height={h} locale={locale} labelLines={labelLines} valueMax={valueMax} />}
              />
            ) : (
              <p className={styles.absentInVersion}>{UI.notInVersion()}</p>
            )}
          </div>
        ))}
      </div>
      <ChangeTable changes={panelChanges(panel, previous, hidden, methods)} unit={panel.unit} caption={caption} locale={locale} versions={versions} />
    </>
  );
}

/** A panel's table caption: the chart's title, then the panel's when it has one. */
const panelCaption = (title: string, panel: {title?: string}): string => (panel.title ? `${title} — ${panel.title}` : title);

/**
 * The figure as the build wrote it (its drawings and tables) until the reader points at, touches
 * or focuses it, picks another version, or the URL carries its view: then the interactive chart
 * (KeepServerHtml). A page at load runs no chart code.
 */
export default function ChartFigure(props: ChartFigureProps): React.JSX.Element {
  const live = typeof window !== 'undefined' && hasUrlState(props.name);
  const {name} = props;
  // The build's drawings are read from the HTML before React replaces it, to cover the chart until it has drawn.
  const prepare = useCallback(
    (kept: Element | undefined) => {
      if (kept) keepDrawings(name, kept);
      return loadRechartsView();
    },
    [name],
  );
  return (
    <KeepServerHtml data={props.data} onInteraction live={live} prepare={prepare}>
      <LiveChartFigure {...props} />
    </KeepServerHtml>
  );
}

function LiveChartFigure({name, data, title, build, height = 320, description, controls, children}: ChartFigureProps): React.JSX.Element {
  const {i18n, siteConfig} = useDocusaurusContext();
  const locale = i18n.currentLocale;
  const suite = useSuite(data);
  const {dataset} = suite;
  const prevVersion = previousVersion(data, dataset.version);
  const url = useChartUrlState(name, prevVersion !== undefined);
  const [previous, setPrevious] = useState<Dataset | undefined>();
  useEffect(() => {
    if (!url.compare || !prevVersion) return setPrevious(undefined);
    let live = true;
    suite.load(prevVersion).then((d) => live && setPrevious(d));
    return () => {
      live = false;
    };
    // suite.load is stable per bundle; re-run when the version pair changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [url.compare, prevVersion]);

  const view = url.view;
  const panels = useMemo(() => build(dataset, {locale, view}), [build, dataset, locale, view]);
  useFigureCheck(data, dataset, `<${name}>`, panels.flatMap((p) => p.unmatched ?? []));
  const comparing = url.compare && previous !== undefined && prevVersion !== undefined;
  // Both versions coloured as one chart, so a series has one look in both plots and the legend.
  const [shownPanels, previousPanels] = useMemo((): [ColouredPanel[], ColouredPanel[] | undefined] => {
    const older = comparing && previous ? build(previous, {locale, view}) : [];
    const ids = dataset.scenarios.map((s) => s.id);
    const olderIds = comparing && previous ? previous.scenarios.map((s) => s.id) : [];
    const scenarioIds = [...ids, ...olderIds.filter((id) => !ids.includes(id))];
    const coloured = colourPanels([...panels, ...older], scenarioIds);
    return [coloured.slice(0, panels.length), comparing ? coloured.slice(panels.length) : undefined];
  }, [panels, previous, comparing, build, locale, view, dataset]);
  const hidden = url.hidden;
  // What the build drew: its version and its default view (a link's hidden series are hidden in the drawing by chart-link-view's style).
  const builtView = useShowsBuiltVersion(data) && view === undefined;
  const legend = legendEntries(shownPanels).length > 1;
  const chartWide = chartWideFlags(shownPanels, hidden);
  // One badge for the chart when its panels agree; otherwise each panel says its own.
  const directions = [...new Set(panels.map((p) => METRICS[p.metric].direction))];
  const direction = directions.length === 1 ? directions[0] : undefined;
  // True once React has hydrated: controls before that would be dead. Then each plot draws its
  // chart when near the viewport, in its turn (TableUntilDrawn); before, it is the static table, as in the HTML.
  const hydrated = useIsBrowser();

  const figure = useRef<HTMLElement>(null);
  const picture = () => chartPicture(figure.current!, title, `${dataset.suite}@${dataset.version}`);

  return (
    <FigureShell ref={figure} name={name} dataset={dataset} title={title} summary={chartSummary(shownPanels, hidden, locale)} badge={direction && <DirectionBadge direction={direction} />}>
      {description && <div className={styles.description}>{description}</div>}
      {/* Controls take the figure live as the reader reaches for them (KeepServerHtml); absent without JavaScript. */}
      <div data-needs-js>
        <Toolbar
          name={name}
          suite={suite}
          panels={shownPanels}
          hidden={hidden}
          onToggle={url.toggle}
          compare={url.compare}
          canCompare={prevVersion !== undefined}
          onCompare={url.setCompare}
          permalink={url.permalink}
          embed={() => embedCode(`${siteConfig.url}${siteConfig.baseUrl}`, window.location.pathname.slice(siteConfig.baseUrl.length), name, title)}
          download={{
            csv: () => toCsv(shownPanels, hidden, {suite: dataset.suite, version: dataset.version, chart: name}, previousPanels && {panels: previousPanels, version: prevVersion!}),
            json: () => toJson(shownPanels, hidden, {suite: dataset.suite, version: dataset.version, chart: name}, previousPanels && {panels: previousPanels, version: prevVersion!}),
            basename: `${dataset.suite}-${dataset.version}-${name}`,
          }}
          picture={{svg: () => picture().svg, png: () => chartPng(picture())}}
          extra={typeof controls === 'function' ? controls({view, setView: url.setView}) : controls}
        />
      </div>
      <div className={clsx(styles.panels, shownPanels.length > 1 && styles.multi)}>
        {/* A version older than the chart's metrics (the site suite's first version has no phone timings). */}
        {shownPanels.length === 0 && (
          <p className={styles.absentInVersion} data-none-in-version>
            {UI.noneInVersion(dataset.version)}
          </p>
        )}
        {shownPanels.map((panel) => (
          <div key={panel.key} className={styles.panel} data-panel={panel.key}>
            {(panel.title || !direction) && (
              <div className={styles.panelTitle}>
                <span data-panel-title>{panel.title}</span> {!direction && <DirectionBadge direction={METRICS[panel.metric].direction} />}
              </div>
            )}
            {previousPanels ? (
              <ComparedPanel
                panel={panel}
                previous={previousPanels.find((p) => p.key === panel.key)}
                hidden={hidden}
                height={height}
                locale={locale}
                labelLines={legend}
                versions={{previous: prevVersion!, current: dataset.version}}
                methods={{previous: previous!.method, current: dataset.method}}
                caption={panelCaption(title, panel)}
              />
            ) : hydrated ? (
              <LivePlot
                height={height}
                // The build's drawing while the figure shows the build's version and view; else the table (never an empty box).
                cover={(builtView && <KeptDrawing chart={name} panel={panel.key} />) || <DataTable panel={panel} hidden={hidden} caption={panelCaption(title, panel)} />}
                draw={(width, h) => <RechartsView panel={panel} hidden={hidden} width={width} height={h} locale={locale} labelLines={legend} />}
              />
            ) : (
              <StaticPlot panel={panel} height={height} locale={locale} labelLines={legend} />
            )}
            <MarkKey panel={panel} hidden={hidden} said={chartWide} />
            {(panel.referenceLines ?? []).length > 0 && (
              <div className={styles.referenceKey}>
                {panel.referenceLines?.map((r) => (
                  <span key={r.label}>
                    <span className={styles.referenceSwatch} aria-hidden /> {r.label}
                  </span>
                ))}
              </div>
            )}
            {(panel.markers ?? []).length > 0 && (
              // Said in words as well as drawn, so the static HTML carries it too.
              <ul className={styles.markerKey} data-testid="chart-markers">
                {panel.markers?.map((m, i) => (
                  <li key={`${m.category}/${m.label}`} data-marker={m.category}>
                    {/* Numbered as on the chart, where only the number is drawn (over the plot, not the lines). */}
                    <span className={styles.markerSwatch} aria-hidden /> <b className={styles.markerNumber}>{i + 1}</b> {m.label}{labelColon(locale)}{panel.categories.find((c) => c.key === m.category)?.label ?? m.category}
                  </li>
                ))}
              </ul>
            )}
            {/* Every value in words, with or without JavaScript. */}
            <details className={styles.details}>
              <summary>{UI.dataTable()}</summary>
              <DataTable panel={panel} hidden={hidden} caption={panelCaption(title, panel)} />
            </details>
          </div>
        ))}
      </div>
      <DataNotes panels={shownPanels} hidden={hidden} />
      {children && <div className={styles.children}>{children}</div>}
    </FigureShell>
  );
}
