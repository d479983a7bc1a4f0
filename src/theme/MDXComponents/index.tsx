/**
 * Markdown tables scroll sideways when wider than the column (Infima gives them
 * `display: block; overflow: auto`), so each is focusable: a keyboard user can
 * then scroll it with the arrow keys.
 */
import React from 'react';
import MDXComponents from '@theme-original/MDXComponents';

export default {
  ...MDXComponents,
  table: (props: React.ComponentProps<'table'>) => <table tabIndex={0} {...props} />,
};
