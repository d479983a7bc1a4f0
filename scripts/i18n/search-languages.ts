/**
 * Search languages for @easyops-cn/docusaurus-search-local, derived from the
 * site's locales. The plugin indexes with lunr, which has stemmers for a fixed
 * set of languages (lunr-languages, plus its own "zh"); a locale outside that
 * set is skipped: its pages are still indexed, with the English tokenizer.
 */
const LUNR_LANGUAGES = new Set([
  'en', 'ar', 'da', 'de', 'du', 'el', 'es', 'fi', 'fr', 'he', 'hi', 'hu', 'hy', 'it', 'ja',
  'kn', 'ko', 'nl', 'no', 'pl', 'pt', 'ro', 'ru', 'sa', 'sv', 'ta', 'te', 'th', 'tr', 'vi', 'zh',
]);

/** ["en", "ko", "zh-Hant", "pt-BR", "xx"] -> ["en", "ko", "zh", "pt"]: primary language subtags lunr knows, English first. */
export function searchLanguages(localeCodes: string[]): string[] {
  const languages = new Set(['en']);
  for (const code of localeCodes) {
    const primary = code.split('-')[0].toLowerCase();
    if (LUNR_LANGUAGES.has(primary)) languages.add(primary);
  }
  return [...languages];
}
