/**
 * Docusaurus' CodeBlock, wrapped: a block highlighted at build time (a fenced
 * block, through src/plugins/code-highlight/remark.ts, or <ExampleFile>) hands
 * its HTML to the Content (./Content), which shows it as it is.
 */
import type {ReactNode} from 'react';
import clsx from 'clsx';
import CodeBlock from '@theme-original/CodeBlock';
import type {Props} from '@theme/CodeBlock';
import {HighlightedHtml} from '@site/src/plugins/code-highlight/client';
import {HIGHLIGHTED_CLASS} from '@site/src/plugins/code-highlight/file';
import '@code-highlight/tokens.css';

export default function CodeBlockWrapper({highlighted, className, ...props}: Props): ReactNode {
  return (
    <HighlightedHtml.Provider value={highlighted}>
      <CodeBlock {...props} className={clsx(className, highlighted !== undefined && HIGHLIGHTED_CLASS)} />
    </HighlightedHtml.Provider>
  );
}
