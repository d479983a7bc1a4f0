/**
 * The navbar, and under it on pages outside the docs the menu for readers without
 * JavaScript (src/components/NoJsMenu); docs pages put theirs, with the sidebar's pages,
 * at the top of their layout (src/theme/DocRoot/Layout), inside the sidebar's context.
 * On the search page it adds the note that stands in for the search field without
 * JavaScript (src/components/NoJsSearchNote).
 */
import React from 'react';
import Navbar from '@theme-original/Navbar';
import {useActivePlugin} from '@docusaurus/plugin-content-docs/client';
import {useLocation} from '@docusaurus/router';
import useBaseUrl from '@docusaurus/useBaseUrl';
import NoJsMenu from '@site/src/components/NoJsMenu';
import NoJsSearchNote from '@site/src/components/NoJsSearchNote';

export default function NavbarWrapper(props: React.ComponentProps<typeof Navbar>): React.JSX.Element {
  const docs = useActivePlugin();
  const searchPage = useBaseUrl('/search');
  const onSearchPage = useLocation().pathname.replace(/(\.html|\/)$/, '') === searchPage;
  return (
    <>
      <Navbar {...props} />
      {!docs && <NoJsMenu />}
      {onSearchPage && <NoJsSearchNote />}
    </>
  );
}
