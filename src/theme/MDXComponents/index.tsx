/**
 * Markdown blocks keep the build's HTML when the page hydrates (keptBlock, inside
 * KeepProse: src/theme/MDXContent): paragraphs, lists, tables, quotes, headings and
 * admonitions. Code blocks (copy button) and <details> (toggle) hydrate as usual.
 *
 * Markdown tables scroll sideways when wider than the column (Infima gives them
 * `display: block; overflow: auto`), so each is focusable: a keyboard user can
 * then scroll it with the arrow keys.
 */
import React from 'react';
import MDXComponents from '@theme-original/MDXComponents';
import {keptBlock} from '@site/src/hydration';

const FocusableTable = (props: React.ComponentProps<'table'>) => <table tabIndex={0} {...props} />;

export default {
  ...MDXComponents,
  p: keptBlock('p'),
  ul: keptBlock('ul', MDXComponents.ul),
  ol: keptBlock('ol'),
  blockquote: keptBlock('blockquote'),
  table: keptBlock('table', FocusableTable),
  h2: keptBlock('h2', MDXComponents.h2),
  h3: keptBlock('h3', MDXComponents.h3),
  h4: keptBlock('h4', MDXComponents.h4),
  admonition: keptBlock('div', MDXComponents.admonition),
};
