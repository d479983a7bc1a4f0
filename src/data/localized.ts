import type {LocalizedText} from './schema';

/** Dataset text in the reader's language, falling back to English. */
export function localized(text: LocalizedText, locale: string): string {
  return text[locale] ?? text.en;
}
