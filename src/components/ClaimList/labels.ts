/** Translated strings of the claim components (shared by <ClaimList> and <Claim>). */
import {translate} from '@docusaurus/Translate';
import type {ClaimStatus} from '@site/src/data/claims/evaluate';

export function statusLabel(status: ClaimStatus): string {
  switch (status) {
    case 'holds':
      return translate({id: 'claims.status.holds', message: 'Holds', description: 'A report conclusion that the shown dataset version supports'});
    case 'contradicted':
      return translate({id: 'claims.status.contradicted', message: 'Contradicted by this version', description: 'A report conclusion that the shown dataset version does not support'});
    case 'no-data':
      return translate({id: 'claims.status.noData', message: 'Cannot be checked: data missing in this version', description: 'A report conclusion whose figures are absent from the shown dataset version'});
  }
}

export const STATUS_ICON: Record<ClaimStatus, string> = {holds: '✓', contradicted: '✗', 'no-data': '?'};

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
};
