/**
 * The navbar, and under it on pages outside the docs the menu for readers without
 * JavaScript (src/components/NoJsMenu); docs pages put theirs, with the sidebar's pages,
 * at the top of their layout (src/theme/DocRoot/Layout), inside the sidebar's context.
 */
import React from 'react';
import Navbar from '@theme-original/Navbar';
import {useActivePlugin} from '@docusaurus/plugin-content-docs/client';
import NoJsMenu from '@site/src/components/NoJsMenu';

export default function NavbarWrapper(props: React.ComponentProps<typeof Navbar>): React.JSX.Element {
  const docs = useActivePlugin();
  return (
    <>
      <Navbar {...props} />
      {!docs && <NoJsMenu />}
    </>
  );
}
