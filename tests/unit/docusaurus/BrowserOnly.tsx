/** Test double of @docusaurus/BrowserOnly: renders the fallback, as the server build does. */
import React from 'react';

export default function BrowserOnly({fallback}: {children: () => React.ReactNode; fallback?: React.ReactNode}): React.JSX.Element {
  return <>{fallback ?? null}</>;
}
