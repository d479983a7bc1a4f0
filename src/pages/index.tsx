import React from 'react';
import Layout from '@theme/Layout';
import Link from '@docusaurus/Link';
import Translate, {translate} from '@docusaurus/Translate';
import headlines from '@bench-data/_headlines';
import SuiteList from '@site/src/components/SuiteList';
import styles from './index.module.css';

/** The decision page: the question most readers come with, so its link is on the first screen at every width. */
const DECISION_PAGE = '/docs/choosing-a-datapath';

export default function Home(): React.JSX.Element {
  return (
    <Layout
      title={translate({id: 'home.title', message: 'Kubernetes network benchmarks'})}
      description={translate({id: 'home.description', message: 'Reproducible CNI benchmarks whose every figure comes from a versioned dataset.'})}>
      <header className={styles.hero}>
        <div className="container">
          <h1 className={styles.heading}>
            <Translate id="home.heading">Kubernetes network benchmarks you can rerun</Translate>
          </h1>
          <p className={styles.lead}>
            <Translate id="home.lead">
              VPC CNI, kube-proxy and Cilium compared on real clusters. Every chart and every number in the text is read from a versioned dataset that the bench scripts in this repository produce.
            </Translate>
          </p>
          <div className={styles.actions}>
            <Link className="button button--primary button--lg" to={DECISION_PAGE} data-decision-link>
              <Translate id="home.decision" description="Home page button: the page that answers which Kubernetes datapath to choose (the decision page's title)">
                Which datapath should I choose?
              </Translate>
            </Link>
            <Link className="button button--secondary button--lg" to="/docs/">
              <Translate id="home.cta">Browse the reports</Translate>
            </Link>
          </div>
        </div>
      </header>
      <main className={`container margin-vert--lg ${styles.findings}`}>
        <h2>
          <Translate id="home.findings" description="Home page heading over each suite's findings on its newest dataset">
            What the newest data shows
          </Translate>
        </h2>
        <SuiteList headingLevel={3} headlines={headlines} />
        <p className={styles.suitesIntro}>
          <Translate
            id="home.findingsNote"
            values={{docs: <Link to="/docs/">{translate({id: 'home.suitesIntro.docs', message: 'reports overview'})}</Link>}}
            description="Under the home page's findings: how they are chosen and where the versions are">
            {'Each card gives the findings of the suite\'s newest dataset that the site\'s rule establishes, computed from it at build time; each links to the chart that draws it. Every version, why it exists and its download are listed on the {docs}.'}
          </Translate>
        </p>
      </main>
    </Layout>
  );
}
