import type {LocalizedText} from './schema';
import {zhTypography} from './cjkTypography';

/**
 * Dataset text in the reader's language, falling back to English. Chinese
 * text is typeset on the way out (full-width punctuation, CJK/Latin spacing):
 * published datasets are immutable, so older ones are corrected here.
 */
export function localized(text: LocalizedText, locale: string): string {
  const value = text[locale] ?? text.en;
  return locale.startsWith('zh') && text[locale] !== undefined ? zhTypography(value) : value;
}
