/**
 * Docusaurus' CodeBlock content, wrapped: a block highlighted at build time
 * (<ExampleFile>, the example-files plugin) shows its HTML as it is; every other
 * block is tokenised by Prism as usual.
 */
import {useContext, type ReactNode} from 'react';
import clsx from 'clsx';
import Content from '@theme-original/CodeBlock/Content';
import type ContentType from '@theme/CodeBlock/Content';
import type {WrapperProps} from '@docusaurus/types';
import {useCodeBlockContext} from '@docusaurus/theme-common/internal';
import {PrerenderedCode} from '@site/src/plugins/example-files/client';
import styles from './styles.module.css';

type Props = WrapperProps<typeof ContentType>;

export default function ContentWrapper(props: Props): ReactNode {
  const html = useContext(PrerenderedCode);
  const {metadata, wordWrap} = useCodeBlockContext();
  if (html === undefined) return <Content {...props} />;
  // The same elements and classes as the original (Docusaurus' Pre and Code), without inline colours.
  return (
    <pre ref={wordWrap.codeBlockRef} tabIndex={0} className={clsx(props.className, 'prism-code', `language-${metadata.language}`, styles.codeBlock, 'thin-scrollbar')}>
      <code className={styles.codeBlockLines} dangerouslySetInnerHTML={{__html: html}} />
    </pre>
  );
}
