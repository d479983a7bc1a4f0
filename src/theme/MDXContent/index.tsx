/**
 * Docusaurus' MDXContent inside KeepProse: a page's markdown blocks keep the
 * build's HTML on the hydrating render (src/hydration).
 */
import React from 'react';
import MDXContent from '@theme-original/MDXContent';
import type {Props} from '@theme/MDXContent';
import {KeepProse} from '@site/src/hydration';

export default function MDXContentWrapper(props: Props): React.JSX.Element {
  return (
    <KeepProse>
      <MDXContent {...props} />
    </KeepProse>
  );
}
