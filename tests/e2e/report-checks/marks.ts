/**
 * What every drawn chart of a report page must show, read from the rendered SVG (default
 * locale): a unit on each value axis; a visible mark on every flagged value (a note that every
 * value of a panel carries is said once in its key instead) and a label in every slot without
 * a value, as many as the chart's own data table lists; value labels never printed twice at
 * one place; crossover numbers above the plot, not over the lines. Registered per page by
 * report-pages.spec.ts; the checks on pages of their own are in chart-marks.spec.ts.
 */
import {test, expect, localePath, DEFAULT_LOCALE} from '../support/fixtures';

export function marksChecks(route: string, locale: string): void {
  if (locale !== DEFAULT_LOCALE) return;
  test('units, trust marks and labels are on the drawn charts @smoke', async ({drawnPages}) => {
    // Ten figures on the EKS page, each scrolled to and drawn (unless this worker drew them already): slow on a shared machine.
    test.setTimeout(300_000);
    const {figures} = await drawnPages.open(localePath(locale, route));
    expect(figures.length, 'charts on the page').toBeGreaterThan(0);
    for (const figure of figures) {
      const name = await figure.getAttribute('data-chart');
      // One read of the drawn figure per chart (fast on a loaded machine), then the checks.
      const panels = await figure.locator('[data-panel]').evaluateAll((els) =>
        els.map((panel) => {
          const cells = Array.from(panel.querySelectorAll('details table td')).map((td) => ({
            text: (td.textContent ?? '').trim(),
            // The ⚠ mark's title names the flags (an absent cell's dash has a title too).
            warning: Array.from(td.querySelectorAll('[title]')).find((el) => el.textContent?.includes('⚠'))?.getAttribute('title') ?? '',
          }));
          const grid = panel.querySelector('svg .recharts-cartesian-grid')?.getBoundingClientRect();
          // A note every value of the panel carries is said once in the key, not on each value.
          // Cells with a value: not N/M or N/A (missing) and not a lone dash (absent).
          const valued = cells.filter((c) => !/^(N\/M|N\/A)|^[–—-]$/.test(c.text));
          const notes = valued.map((c) => (c.warning ? c.warning.split('; ') : []));
          const panelWide = valued.length > 1 ? notes.reduce((common, n) => common.filter((w) => n.includes(w))) : [];
          return {
            key: panel.getAttribute('data-panel'),
            unit: panel.querySelector('svg [data-axis-unit]')?.textContent?.trim() ?? '',
            flaggedInTable: cells.filter((c) => c.warning && c.warning.split('; ').some((w) => w !== 'approximate' && !panelWide.includes(w))).length,
            panelWide,
            panelWideKeys: panel.querySelectorAll('[data-testid="mark-key"] [data-mark="panel-wide"]').length,
            missingInTable: cells.filter((c) => /^(N\/M|N\/A)/.test(c.text)).length,
            flagMarks: panel.querySelectorAll('svg [data-flag-mark]').length,
            missingMarks: panel.querySelectorAll('svg [data-missing-mark]').length,
            flagKey: panel.querySelector('[data-testid="mark-key"] [data-mark="flagged"]') !== null,
            labels: Array.from(panel.querySelectorAll('svg [data-value-label]')).map((t) => `${t.getAttribute('x')},${t.getAttribute('y')}`),
            badgesInPlot: Array.from(panel.querySelectorAll('svg [data-marker-badge] text')).filter((t) => !grid || t.getBoundingClientRect().bottom > grid.top + 1).length,
          };
        }),
      );
      // ...and a note on every value of every panel once for the whole chart, in its notes.
      const chartWide = panels.length > 1 ? panels.map((p) => p.panelWide).reduce((common, w) => common.filter((x) => w.includes(x))) : [];
      for (const p of panels) {
        const where = `${name} / ${p.key}`;
        expect(p.unit, `${where}: value axis unit`).not.toBe('');
        // The chart's own table (behind "Data table") lists the cells: ⚠ with a validity note, N/M, N/A.
        expect(p.flagMarks, `${where}: ⚠ on every flagged value`).toBe(p.flaggedInTable);
        expect(p.missingMarks, `${where}: N/M or N/A in every empty slot`).toBe(p.missingInTable);
        if (p.flaggedInTable > 0) expect(p.flagKey, `${where}: key for ⚠`).toBe(true);
        expect(p.panelWideKeys, `${where}: one key line per note that every value of the panel (not of the chart) carries`).toBe(p.panelWide.filter((w) => !chartWide.includes(w)).length);
        expect(p.labels.length - new Set(p.labels).size, `${where}: value labels printed twice at one place`).toBe(0);
        // Crossover numbers sit above the plot area (the grid's top), never over the lines.
        expect(p.badgesInPlot, `${where}: marker numbers inside the plot`).toBe(0);
      }
    }
  });
}
