/**
 * A dataset's own words on the page: its localized texts in the reader's
 * language, and the list of dataset strings and texts the site shows, with
 * their JSON paths. Plain strings are English and are translated through the
 * vocabulary of src/words/terms.ts; localized texts carry their own
 * translations. The i18n check uses the lists to find English that a dataset
 * would put on a Korean or Chinese page. No Docusaurus import: the Node tools
 * (the i18n check, the end-to-end tests) load this module too.
 */
import type {Dataset, LocalizedText} from '../data/schema';
import {zhTypography} from '../data/cjkTypography';
import {withGlossary} from './glossary';

/**
 * Dataset text in the reader's language, falling back to English. Korean and
 * Chinese take the glossary's terms (src/words/glossary.ts) and Chinese is
 * typeset (full-width punctuation, CJK/Latin spacing) on the way out:
 * published datasets are immutable, so older ones are corrected here.
 */
export function localized(text: LocalizedText, locale: string): string {
  const value = text[locale];
  if (value === undefined) return text.en;
  const worded = withGlossary(value, locale);
  return locale.startsWith('zh') ? zhTypography(worded) : worded;
}

/** Every language of a dataset text as the site shows it (localized), e.g. for a download of what a chart shows. */
export function shownText(text: LocalizedText): LocalizedText {
  return Object.fromEntries(Object.keys(text).map((locale) => [locale, localized(text, locale)])) as LocalizedText;
}

export interface DisplayString {
  /** JSON path in the dataset, e.g. "scenarios[2].routing". */
  path: string;
  value: string;
}

export interface DisplayText {
  path: string;
  text: LocalizedText;
}

/** Environment.extra keys whose values are words rather than names, versions or identifiers. */
const PROSE_EXTRA = ['zoneLayout', 'network', 'placement'];

export function displayStrings(d: Dataset): DisplayString[] {
  const out: DisplayString[] = [{path: 'environment.platform', value: d.environment.platform}];
  for (const key of PROSE_EXTRA) {
    const v = d.environment.extra?.[key];
    if (typeof v === 'string') out.push({path: `environment.extra.${key}`, value: v});
  }
  d.scenarios.forEach((s, i) => {
    for (const key of ['name', 'cni', 'kubeProxy', 'routing', 'ipam'] as const) {
      const v = s[key];
      if (v !== undefined) out.push({path: `scenarios[${i}].${key}`, value: v});
    }
  });
  return out;
}

export function displayTexts(d: Dataset): DisplayText[] {
  const out: DisplayText[] = [{path: 'title', text: d.title}];
  if (d.method.notes) out.push({path: 'method.notes', text: d.method.notes});
  d.scenarios.forEach((s, i) => {
    if (s.title) out.push({path: `scenarios[${i}].title`, text: s.title});
    if (s.purpose) out.push({path: `scenarios[${i}].purpose`, text: s.purpose});
    s.tuning?.forEach((t, j) => t.reason && out.push({path: `scenarios[${i}].tuning[${j}].reason`, text: t.reason}));
  });
  d.results.forEach((r, i) => r.flags?.forEach((f, j) => f.detail && out.push({path: `results[${i}].flags[${j}].detail`, text: f.detail})));
  return out;
}
