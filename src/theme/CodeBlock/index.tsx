/**
 * Docusaurus' CodeBlock, replaced for the blocks highlighted at build time (a
 * fenced block, through src/plugins/code-highlight/remark.ts, or <ExampleFile>):
 * it hands their HTML to the Content (./Content), which shows it as it is.
 *
 * Such a block renders its string content directly, without the original's
 * remount once the page has hydrated (`key={String(isBrowser)}`, there to redo
 * the Prism colours the server drew for the light mode; tokens.css colours a
 * highlighted block in both modes from the first paint). The remount would replace
 * every code block of the article after hydration, and inserting a block into
 * `.markdown` makes the browser restyle the whole article (Infima's
 * `:first-child`/`:last-child` rules): about 5,500 elements and a full layout
 * on the EKS report, the largest main-thread task after hydration.
 */
import type {ReactNode} from 'react';
import clsx from 'clsx';
import CodeBlock from '@theme-original/CodeBlock';
import StringContent from '@theme/CodeBlock/Content/String';
import type {Props} from '@theme/CodeBlock';
import {HighlightedHtml} from '@site/src/plugins/code-highlight/client';
import {HIGHLIGHTED_CLASS} from '@site/src/plugins/code-highlight/file';
import '@code-highlight/tokens.css';

/** The block's code as one string, as the original makes it (its copy button copies it); undefined when it holds elements. */
function codeText(children: ReactNode): string | undefined {
  if (typeof children === 'string') return children;
  if (Array.isArray(children) && children.every((c) => typeof c === 'string')) return children.join('');
  return undefined;
}

export default function CodeBlockWrapper({highlighted, className, children, ...props}: Props): ReactNode {
  const code = codeText(children);
  return (
    <HighlightedHtml.Provider value={highlighted}>
      {highlighted !== undefined && code !== undefined ? (
        <StringContent {...props} className={clsx(className, HIGHLIGHTED_CLASS)}>
          {code}
        </StringContent>
      ) : (
        <CodeBlock {...props} className={className}>
          {children}
        </CodeBlock>
      )}
    </HighlightedHtml.Provider>
  );
}
