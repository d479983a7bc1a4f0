/** Final evaluation per scenario: fit, complexity and headline figures (computed) for the setups worth choosing. */
import React from 'react';
import Translate, {translate} from '@docusaurus/Translate';
import type {SuiteBundle} from '@site/src/data/bundle';
import {useSuite} from '@site/src/plugins/bench-data/client';
import {scenarioLabel} from '@site/src/words/labels';
import Metric from '@site/src/components/Metric';
import Delta from '@site/src/components/Delta';
import {hueColor, scenarioSlot} from '@site/src/data/chart/palette';
import type {ScenarioCardsSpec} from '@site/src/data/chartSpec';
import KeepServerHtml from '@site/src/components/KeepServerHtml';
import styles from './styles.module.css';

const complexityLabel = (c: ScenarioCardsSpec['cards'][number]['complexity']) =>
  ({
    low: translate({id: 'cards.complexity.low', message: 'Low'}),
    medium: translate({id: 'cards.complexity.medium', message: 'Medium'}),
    high: translate({id: 'cards.complexity.high', message: 'High'}),
  })[c];

/** Kept as the build wrote it until the reader picks another version (KeepServerHtml). */
export default function ScenarioCards(props: {data: SuiteBundle; spec: ScenarioCardsSpec}): React.JSX.Element {
  return (
    <KeepServerHtml data={props.data}>
      <ScenarioCardsBody {...props} />
    </KeepServerHtml>
  );
}

function ScenarioCardsBody({data, spec}: {data: SuiteBundle; spec: ScenarioCardsSpec}): React.JSX.Element {
  const {dataset} = useSuite(data);
  const {baseline} = spec;
  const cards = spec.cards.filter((c) => dataset.scenarios.some((s) => s.id === c.scenario));
  return (
    <div className={styles.grid} data-testid="scenario-cards">
      {cards.map((c) => (
        // Topped with the scenario's colour on the charts of the suite (complexity is said in words).
        <article key={c.scenario} className={styles.card} data-scenario={c.scenario} style={{borderTopColor: hueColor(scenarioSlot(dataset.scenarios.map((s) => s.id), c.scenario) ?? 0)}}>
          <header className={styles.head}>
            <span className={styles.badge}>{scenarioLabel(dataset, c.scenario)}</span>
            <span className={styles.complexity}>
              <Translate id="cards.complexity" values={{level: complexityLabel(c.complexity)}}>
                {'Complexity: {level}'}
              </Translate>
            </span>
          </header>
          <h3 className={styles.fit}>{c.fit()}</h3>
          <p className={styles.summary}>{c.summary()}</p>
          <dl className={styles.figures}>
            <div>
              <dt>
                <Translate id="cards.loadedRtt">RTT under load</Translate>
              </dt>
              <dd>
                <Metric data={data} metric="loaded_rtt" scenario={c.scenario} />
                {c.scenario !== baseline && (
                  <>
                    {' '}
                    (<Delta data={data} metric="loaded_rtt" from={baseline} to={c.scenario} />)
                  </>
                )}
              </dd>
            </div>
            <div>
              <dt>
                <Translate id="cards.p99">HTTP p99 at QPS 1,000</Translate>
              </dt>
              <dd>
                <Metric data={data} metric="http_latency" scenario={c.scenario} where={{qps: 1000, stat: 'p99'}} />
              </dd>
            </div>
            <div>
              <dt>
                <Translate id="cards.udp">UDP loss</Translate>
              </dt>
              <dd>
                <Metric data={data} metric="udp_loss" scenario={c.scenario} />
              </dd>
            </div>
          </dl>
        </article>
      ))}
    </div>
  );
}
