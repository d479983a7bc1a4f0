/**
 * A menu for readers without JavaScript (hidden unless JavaScript is off: src/css/custom.css
 * `.nojs-menu`, shown on phones by the <noscript> style in docusaurus.config.ts). Without
 * JavaScript the phone menu button, the search box, the colour switch, "On this page" and
 * the sidebar's expanders cannot work, so that style hides them; this menu, a plain
 * <details>, leads to the home page, the reports' index, every page of the sidebar (on a
 * docs page: src/theme/DocRoot/Layout; elsewhere under the navbar: src/theme/Navbar) and
 * the page in each other language.
 */
import React, {useState} from 'react';
import Link from '@docusaurus/Link';
import {translate} from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {useAlternatePageUtils} from '@docusaurus/theme-common/internal';
import type {PropSidebarItem} from '@docusaurus/plugin-content-docs';
import {hydratingServerHtml} from '@site/src/hydration';

function SidebarLinks({items}: {items: readonly PropSidebarItem[]}): React.JSX.Element {
  return (
    <ul>
      {items.map((item, i) => {
        if (item.type === 'link') {
          return (
            <li key={i}>
              <Link to={item.href}>{item.label}</Link>
            </li>
          );
        }
        if (item.type === 'category') {
          return (
            <li key={i}>
              {item.href ? <Link to={item.href}>{item.label}</Link> : <span>{item.label}</span>}
              <SidebarLinks items={item.items} />
            </li>
          );
        }
        return null;
      })}
    </ul>
  );
}

/**
 * Written by the build; in the browser the hydrating render keeps the build's HTML (React builds
 * nothing for it: the menu is hidden while JavaScript runs), and a page opened by the router has none.
 */
export default function NoJsMenu({sidebar}: {sidebar?: readonly PropSidebarItem[]}): React.JSX.Element | null {
  const [kept] = useState(hydratingServerHtml);
  if (typeof window === 'undefined') return <NoJsMenuContent sidebar={sidebar} />;
  return kept ? <details className="nojs-menu" data-nojs-menu suppressHydrationWarning dangerouslySetInnerHTML={{__html: ''}} /> : null;
}

function NoJsMenuContent({sidebar}: {sidebar?: readonly PropSidebarItem[]}): React.JSX.Element {
  const {i18n} = useDocusaurusContext();
  const alternate = useAlternatePageUtils();
  const others = i18n.locales.filter((l) => l !== i18n.currentLocale);
  return (
    <details className="nojs-menu" data-nojs-menu>
      <summary>{translate({id: 'nojs.menu', message: 'Menu', description: 'The page menu shown when JavaScript is off'})}</summary>
      <nav aria-label={translate({id: 'nojs.menu.label', message: 'Site menu', description: 'Name of the page menu shown when JavaScript is off'})}>
        <ul>
          <li>
            <Link to="/">{translate({id: 'nojs.menu.home', message: 'Home'})}</Link>
          </li>
          {/* On a docs page the sidebar's own first link is this page. */}
          {!sidebar && (
            <li>
              <Link to="/docs/">{translate({id: 'nojs.menu.reports', message: 'Suites and datasets'})}</Link>
            </li>
          )}
        </ul>
        {sidebar && <SidebarLinks items={sidebar} />}
        <ul className="nojs-menu__locales">
          {others.map((locale) => (
            <li key={locale}>
              {/* A plain link: the other locale is another site, not a route of this one. */}
              <a href={alternate.createUrl({locale, fullyQualified: false})} lang={i18n.localeConfigs[locale]?.htmlLang ?? locale}>
                {i18n.localeConfigs[locale]?.label ?? locale}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </details>
  );
}
