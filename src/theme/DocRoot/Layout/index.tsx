/**
 * The docs layout with, above it, the menu for readers without JavaScript listing every
 * page of the sidebar (src/components/NoJsMenu): on a phone the sidebar lives in the
 * navbar's menu, which cannot open without JavaScript.
 */
import React from 'react';
import Layout from '@theme-original/DocRoot/Layout';
import {useDocsSidebar} from '@docusaurus/plugin-content-docs/client';
import NoJsMenu from '@site/src/components/NoJsMenu';

export default function DocRootLayoutWrapper(props: React.ComponentProps<typeof Layout>): React.JSX.Element {
  const sidebar = useDocsSidebar();
  return (
    <>
      <NoJsMenu sidebar={sidebar?.items} />
      <Layout {...props} />
    </>
  );
}
