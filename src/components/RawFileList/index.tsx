/**
 * The raw tool outputs a measured dataset was ingested from, with their sha256 (provenance).
 * Files under static/ are served by the site at the same path without `static`, so each
 * links to its download; a path elsewhere (a transcribed source) is shown as text.
 */
import React from 'react';
import Translate, {translate} from '@docusaurus/Translate';
import useBaseUrl from '@docusaurus/useBaseUrl';
import type {SuiteBundle} from '@site/src/data/bundle';
import {useSuite} from '@site/src/plugins/bench-data/client';
import ScrollTable from '@site/src/components/ScrollTable';
import styles from './styles.module.css';

export default function RawFileList({data}: {data: SuiteBundle}): React.JSX.Element | null {
  const {dataset} = useSuite(data);
  const raw = dataset.source.raw ?? [];
  if (raw.length === 0) return null;
  const folder = commonFolder(raw.map((f) => f.path));
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
      {folder && (
        <p>
          <Translate id="rawFiles.folder" values={{folder: <code>{folder}</code>}}>
            {'Paths below are in {folder}.'}
          </Translate>
        </p>
      )}
      <ScrollTable wrapClassName={styles.scroll} label={translate({id: 'rawFiles.region', message: 'Raw files and their sha256'})} columns={[<Translate id="rawFiles.path">File</Translate>, 'sha256']}>
        <tbody>
          {raw.map((f) => (
            <tr key={f.path}>
              <td>
                <RawPath path={f.path} shown={f.path.slice(folder.length)} />
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

/** The folder every path lies in (with its trailing slash), so each row can show what differs; '' when none is shared. */
function commonFolder(paths: readonly string[]): string {
  if (paths.length < 2) return '';
  let prefix = paths[0].slice(0, paths[0].lastIndexOf('/') + 1);
  for (const p of paths) while (prefix && !p.startsWith(prefix)) prefix = prefix.slice(0, prefix.lastIndexOf('/', prefix.length - 2) + 1);
  return prefix;
}

function RawPath({path, shown}: {path: string; shown: string}): React.JSX.Element {
  const href = useBaseUrl(path.startsWith(SERVED) ? path.slice(SERVED.length - 1) : '');
  if (!path.startsWith(SERVED)) return <code>{shown}</code>;
  return (
    <a href={href} download>
      <code>{shown}</code>
    </a>
  );
}
