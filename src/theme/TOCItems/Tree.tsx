/**
 * Docusaurus' table-of-contents tree, kept as the build wrote it when the page
 * hydrates (a report's TOC is a hundred fibers, and on a phone the
 * desktop TOC is dropped right after hydrating). Its links are plain `#id`
 * anchors, and the highlight of the current section (useTOCHighlight) works
 * on the DOM, so nothing in it needs React. Rendered for real otherwise (a
 * client-side navigation, the phone TOC opened).
 */
import React, {useState} from 'react';
import TOCItemTree from '@theme-original/TOCItems/Tree';
import type {Props} from '@theme/TOCItems/Tree';
import {hydratingServerHtml} from '@site/src/hydration';

export default function TOCItemTreeWrapper(props: Props): React.JSX.Element {
  // An empty TOC draws nothing: keeping an element would not match the build's HTML.
  const [kept] = useState(() => props.toc.length > 0 && hydratingServerHtml());
  return kept ? <ul suppressHydrationWarning dangerouslySetInnerHTML={{__html: ''}} /> : <TOCItemTree {...props} />;
}
