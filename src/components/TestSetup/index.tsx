/**
 * <TestSetup data={bundle} />: the report's test setup on one screen, drawn from its dataset
 * (src/data/testSetup.ts): the cluster's nodes with the client and the server in the node each
 * ran on, and one lane per path the traffic tests took (host network, pod to pod, through a
 * Service) with the tests measured on it. A fact the dataset does not hold is said to be
 * missing, not drawn. Plain HTML and CSS: it reads the same without JavaScript, at phone width
 * and in print, and its colours are the theme's, so dark mode needs nothing of its own.
 */
import React from 'react';
import clsx from 'clsx';
import {translate} from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type {SuiteBundle} from '@site/src/data/bundle';
import {listText, typeset} from '@site/src/data/format';
import {nodesOf, testSetup, type PathLane, type TestSetupModel} from '@site/src/data/testSetup';
import {useSuite} from '@site/src/plugins/bench-data/client';
import FigureShell from '@site/src/components/FigureShell';
import KeepServerHtml from '@site/src/components/KeepServerHtml';
import {conditionLabel, flagLabel, metricLabel} from '@site/src/words/labels';
import {datasetTerm} from '@site/src/words/terms';
import styles from './styles.module.css';

const clientLabel = () => translate({id: 'testSetup.client', message: 'client', description: 'Test setup: the end that sends the test traffic'});
const serverLabel = () => translate({id: 'testSetup.server', message: 'server', description: 'Test setup: the end that answers the test traffic'});

function End({role}: {role: 'client' | 'server'}) {
  return (
    <span className={clsx(styles.end, styles[role])} data-end={role}>
      {role === 'client' ? clientLabel() : serverLabel()}
    </span>
  );
}

function Nodes({model, platform}: {model: TestSetupModel; platform: string}) {
  const at = nodesOf(model);
  const count = model.nodeCount;
  const placed = at.client !== undefined;
  return (
    <div className={styles.cluster}>
      <p className={styles.clusterLabel}>
        {datasetTerm(platform)}
        {count !== undefined && ` · ${translate({id: 'testSetup.nodeCount', message: '{count} nodes', description: 'Test setup: how many nodes the cluster has'}, {count: String(count)})}`}
      </p>
      {count === undefined ? (
        <p className={styles.missing} data-missing="nodes">
          {translate({id: 'testSetup.noNodeCount', message: 'The dataset does not record how many nodes the cluster has.'})}
        </p>
      ) : (
        <ol className={styles.nodes}>
          {Array.from({length: count}, (_, i) => i + 1).map((n) => (
            <li key={n} className={styles.node} data-node={n}>
              <span className={styles.nodeName}>{translate({id: 'env.nodeN', message: 'node {n}'}, {n: String(n)})}</span>
              {model.nodeType && <span className={styles.nodeType}>{model.nodeType}</span>}
              {(at.client === n || at.server === n) && (
                <span className={styles.ends}>
                  {at.client === n && <End role="client" />}
                  {at.server === n && <End role="server" />}
                </span>
              )}
            </li>
          ))}
        </ol>
      )}
      <p className={clsx(styles.placement, !placed && styles.missing)} data-placement={model.placement}>
        {!placed && (
          <span className={styles.ends}>
            <End role="client" />
            <End role="server" />
          </span>
        )}
        <PlacementText model={model} />
      </p>
    </div>
  );
}

function PlacementText({model}: {model: TestSetupModel}) {
  if (model.placementFrom === 'one-node') {
    return <>{translate({id: 'testSetup.placement.oneNode', message: 'Client and server share the one node the setup has.'})}</>;
  }
  if (model.placement === 'other-node') {
    return <>{translate({id: 'testSetup.placement.otherNode', message: 'Client and server on different nodes, as the dataset states.'})}</>;
  }
  if (model.placementStatement) {
    return (
      <>
        {translate({id: 'testSetup.placement.statement', message: 'Where client and server ran, as the dataset states it: {statement}'}, {statement: datasetTerm(model.placementStatement)})}
      </>
    );
  }
  return <>{translate({id: 'testSetup.placement.unrecorded', message: 'The dataset does not record which nodes the client and the server ran on.'})}</>;
}

function laneName(lane: PathLane, locale: string): string {
  return lane.path ? conditionLabel('path', lane.path, locale) : translate({id: 'testSetup.path.unrecorded', message: 'path not recorded'});
}

function Lane({lane, locale, routings}: {lane: PathLane; locale: string; routings: string[]}) {
  return (
    <li className={styles.lane} data-path={lane.path ?? 'unrecorded'}>
      <div className={styles.route}>
        <End role="client" />
        <span className={styles.wire}>
          <span className={styles.wireLabel}>{laneName(lane, locale)}</span>
          {/* The line is the path; an arrowhead at the server end says which way the test traffic goes. */}
          <span className={clsx(styles.line, !lane.path && styles.lineUnknown)}>
            {lane.path === 'service' && (
              <span className={styles.hop} data-hop="service">
                {translate({id: 'testSetup.hop.service', message: 'Service', description: 'Test setup: the ClusterIP Service the traffic passes through'})}
              </span>
            )}
          </span>
        </span>
        <End role="server" />
      </div>
      <ul className={styles.tests} aria-label={translate({id: 'testSetup.testsOn', message: 'Tests on this path'})}>
        {lane.metrics.map((m) => (
          <li key={m} data-metric={m}>
            {metricLabel(m)}
            {lane.sameNode.includes(m) && <span className={styles.sameNode}> ({flagLabel('same-node')})</span>}
          </li>
        ))}
      </ul>
      {!lane.path && (
        <p className={styles.missing} data-missing="path">
          {routings.length > 0
            ? typeset(
                translate({id: 'testSetup.path.unrecordedRouting', message: 'The dataset names no path for these tests. Routing of its scenarios: {routings}.'}, {routings: listText(routings.map((r) => datasetTerm(r)), locale)}),
                locale,
              )
            : translate({id: 'testSetup.path.unrecordedNote', message: 'The dataset names no path for these tests.'})}
        </p>
      )}
    </li>
  );
}

/** Kept as the build wrote it until the reader picks another version (KeepServerHtml). */
export default function TestSetup(props: {data: SuiteBundle}): React.JSX.Element {
  return (
    <KeepServerHtml data={props.data}>
      <TestSetupBody {...props} />
    </KeepServerHtml>
  );
}

function TestSetupBody({data}: {data: SuiteBundle}): React.JSX.Element {
  const {i18n} = useDocusaurusContext();
  const locale = i18n.currentLocale;
  const {dataset} = useSuite(data);
  const model = testSetup(dataset);
  return (
    <FigureShell name="TestSetup" dataset={dataset} title={translate({id: 'testSetup.title', message: 'Test setup'})}>
      <div className={styles.setup}>
        <Nodes model={model} platform={dataset.environment.platform} />
        <div className={styles.paths}>
          <p className={styles.pathsLabel}>{translate({id: 'testSetup.paths', message: 'Path of each test'})}</p>
          {model.lanes.length === 0 ? (
            <p className={styles.missing} data-missing="tests">
              {translate({id: 'testSetup.noTraffic', message: 'The dataset holds no test that sends traffic from a client to a server.'})}
            </p>
          ) : (
            <ol className={styles.lanes}>
              {model.lanes.map((lane) => (
                <Lane key={lane.path ?? 'unrecorded'} lane={lane} locale={locale} routings={model.routings} />
              ))}
            </ol>
          )}
        </div>
      </div>
    </FigureShell>
  );
}
