/**
 * The checks that only read a drawn report page (support/drawn-pages.ts), grouped by
 * page and locale: each group runs its tests one after the other in one worker, so the
 * page is drawn once per locale and width (the desktop and mobile projects each draw it)
 * and not again by every check that reads it. Drawing every figure of a report takes
 * about as long as the checks that read it.
 *
 * The checks live in report-checks/; each registers its tests for the pages and locales
 * it covers (axe and the contact sheet: every page and locale; every chart drawn from its
 * dataset: every report page and locale; colours, chart marks, line names and visual
 * baselines: the default locale; the phone width: every page and locale). Tags say which tier and project runs a test,
 * as elsewhere (@smoke, @mobile, @sheet, @visual).
 */
import {test, LOCALE_IDS} from './support/fixtures';
import {CHART_PAGES} from './support/charts';
import {a11yChecks} from './report-checks/a11y';
import {chartsDrawnChecks} from './report-checks/charts-drawn';
import {contactSheet} from './report-checks/contact-sheet';
import {lineNamesChecks} from './report-checks/line-names';
import {marksChecks} from './report-checks/marks';
import {paletteChecks} from './report-checks/palette';
import {phoneWidthChecks} from './report-checks/phone-width';
import {visualChecks} from './report-checks/visual';

const CHECKS = [chartsDrawnChecks, marksChecks, lineNamesChecks, paletteChecks, visualChecks, a11yChecks, phoneWidthChecks, contactSheet];

for (const route of CHART_PAGES) {
  for (const locale of LOCALE_IDS) {
    test.describe(`${route} (${locale}), drawn once`, () => {
      // In order, in one worker, although the project runs fully parallel: the group shares one drawn page.
      test.describe.configure({mode: 'default'});
      for (const register of CHECKS) register(route, locale);
    });
  }
}
