/**
 * On the search page, for readers without JavaScript: searching runs in the browser, so the
 * <noscript> style of docusaurus.config.ts hides the search field (and the navbar's box) and
 * shows this note instead, hidden otherwise (src/css/custom.css `.nojs-note`). It says why
 * there is no field and leads to the reports' index, from which every page is linked.
 */
import React from 'react';
import Link from '@docusaurus/Link';
import Translate, {translate} from '@docusaurus/Translate';

export default function NoJsSearchNote(): React.JSX.Element {
  return (
    <p className="nojs-note" data-nojs-search-note>
      <Translate
        id="nojs.search"
        values={{docs: <Link to="/docs/">{translate({id: 'nojs.search.docs', message: 'reports overview', description: 'Link in the note shown on the search page without JavaScript'})}</Link>}}
        description="On the search page when JavaScript is off: why there is no search field, and where to find pages instead">
        {'Searching needs JavaScript, which is off in this browser. Every page of the site is linked from the {docs} and from the menu.'}
      </Translate>
    </p>
  );
}
