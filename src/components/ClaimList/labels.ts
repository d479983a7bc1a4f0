/** Translated strings of <ClaimList>. */
import {translate} from '@docusaurus/Translate';

export const CLAIM_UI = {
  heading: () => translate({id: 'claims.heading', message: 'Conclusions checked against the data'}),
  intro: (version: string) =>
    translate(
      {id: 'claims.intro', message: 'Each conclusion of this report is a check on the dataset. Shown for version {version}; switching the version on any chart re-checks them.'},
      {version},
    ),
  summary: (holding: number, total: number) => translate({id: 'claims.summary', message: '{holding} of {total} hold'}, {holding: String(holding), total: String(total)}),
  values: () => translate({id: 'claims.values', message: 'Values behind it'}),
  missing: () => translate({id: 'claims.missing', message: 'no data'}),
  methods: () => translate({id: 'claims.methods', message: 'how differences are judged', description: 'Link from a claim whose differences are not established to the methods page'}),
};
