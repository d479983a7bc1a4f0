import React from 'react';
import Layout from '@theme/Layout';
import Link from '@docusaurus/Link';
import Translate, {translate} from '@docusaurus/Translate';
import headlines from '@bench-data/_headlines';
import SuiteList from '@site/src/components/SuiteList';
import styles from './index.module.css';

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
          <Link className="button button--primary button--lg" to="/docs/">
            <Translate id="home.cta">Browse the reports</Translate>
          </Link>
        </div>
      </header>
      <main className="container margin-vert--lg">
        <h2>
          <Translate id="home.suitesLatest">Suites and their newest figures</Translate>
        </h2>
        <p className={styles.suitesIntro}>
          <Translate id="home.suitesIntro" values={{docs: <Link to="/docs/">{translate({id: 'home.suitesIntro.docs', message: 'reports overview'})}</Link>}}>
            {'Each card shows headline figures of the suite\'s newest dataset, computed from it at build time. Every version and its download are listed on the {docs}.'}
          </Translate>
        </p>
        <SuiteList headingLevel={3} headlines={headlines} />
      </main>
    </Layout>
  );
}
