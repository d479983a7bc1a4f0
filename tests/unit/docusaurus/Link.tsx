/** Test double of @docusaurus/Link: a plain anchor to `to` (the site is served at "/", as useBaseUrl's double says). */
import React from 'react';

export default function Link({to, href, children, ...rest}: React.AnchorHTMLAttributes<HTMLAnchorElement> & {to?: string}): React.JSX.Element {
  return (
    <a href={to ?? href} {...rest}>
      {children}
    </a>
  );
}
