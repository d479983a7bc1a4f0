/**
 * Docusaurus' CodeBlock content, replaced: it shows the HTML the block was
 * highlighted into at build time (src/plugins/code-highlight) instead of
 * tokenising the code with Prism in the browser. The elements and classes are
 * the original's (its Pre and Code), without inline colours (tokens.css).
 */
import {useContext, type ReactNode} from 'react';
import clsx from 'clsx';
import type {Props} from '@theme/CodeBlock/Content';
import {useCodeBlockContext} from '@docusaurus/theme-common/internal';
import {HighlightedHtml} from '@site/src/plugins/code-highlight/client';
import styles from './styles.module.css';

export default function CodeBlockContent({className}: Props): ReactNode {
  const html = useContext(HighlightedHtml);
  const {metadata, wordWrap} = useCodeBlockContext();
  if (html === undefined) {
    // The site has no Prism in the browser: a block must come highlighted from the build.
    throw new Error(
      `code block "${metadata.title ?? metadata.code.slice(0, 40)}" was not highlighted at build time: use a fenced block in Markdown, or <ExampleFile> for a file under examples/`,
    );
  }
  return (
    <pre ref={wordWrap.codeBlockRef} tabIndex={0} className={clsx(className, 'prism-code', `language-${metadata.language}`, styles.codeBlock, 'thin-scrollbar')}>
      <code className={styles.codeBlockLines} dangerouslySetInnerHTML={{__html: html}} />
    </pre>
  );
}
