/**
 * The raw tool outputs a measured dataset was ingested from, with their sha256 (provenance).
 * Files under static/ are served by the site at the same path without `static`, so each
 * links to its download; a path elsewhere (a transcribed source) is shown as text.
 */
import React from 'react';
import Translate from '@docusaurus/Translate';
import useBaseUrl from '@docusaurus/useBaseUrl';
import type {SuiteBundle} from '@site/src/data/bundle';
import {useSuite} from '@site/src/plugins/bench-data/client';
import ScrollTable from '@site/src/components/ScrollTable';
import styles from './styles.module.css';

export default function RawFileList({data}: {data: SuiteBundle}): React.JSX.Element | null {
  const {dataset} = useSuite(data);
  const raw = dataset.source.raw ?? [];
  if (raw.length === 0) return null;
  return (
    <details className={styles.raw} data-testid="raw-files">
      <summary>
        <Translate id="rawFiles.summary" values={{count: raw.length, version: `${dataset.suite}@${dataset.version}`}}>
          {'{count} raw files behind {version}, with their sha256'}
        </Translate>
      </summary>
      <p>
        <Translate id="rawFiles.script" values={{script: <code>{dataset.source.script}</code>, commit: <code>{dataset.source.commit ?? '–'}</code>}}>
          {'Written by {script} at commit {commit}.'}
        </Translate>
      </p>
      <ScrollTable wrapClassName={styles.scroll} columns={[<Translate id="rawFiles.path">File</Translate>, 'sha256']}>
        <tbody>
          {raw.map((f) => (
            <tr key={f.path}>
              <td>
                <RawPath path={f.path} />
              </td>
              <td>
                <code className={styles.hash}>{f.sha256}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
    </details>
  );
}

const SERVED = 'static/';

function RawPath({path}: {path: string}): React.JSX.Element {
  const href = useBaseUrl(path.startsWith(SERVED) ? path.slice(SERVED.length - 1) : '');
  if (!path.startsWith(SERVED)) return <code>{path}</code>;
  return (
    <a href={href} download>
      <code>{path}</code>
    </a>
  );
}
