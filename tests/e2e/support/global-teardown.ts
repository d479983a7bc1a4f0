/**
 * After every e2e run: lay out the chart contact sheet from the pictures the
 * sheet tests left in the output folder (nothing when none of them ran).
 */
import type {FullConfig} from '@playwright/test';
import {sheetDir, writeContactSheet} from './chart-sheet';
import {LOCALE_IDS} from './site';

export default function globalTeardown(config: FullConfig): void {
  const outputDirs = new Set(config.projects.map((p) => p.outputDir));
  for (const outputDir of outputDirs) {
    const dir = sheetDir(outputDir);
    const pictures = writeContactSheet(dir, LOCALE_IDS);
    if (pictures > 0) console.log(`chart contact sheet: ${dir}/index.html (${pictures} pictures)`);
  }
}
