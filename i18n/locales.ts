/**
 * The site's locales: one entry per language. `npm run locale:add` appends
 * here; docusaurus.config.ts and the i18n checks read this list.
 */
export const DEFAULT_LOCALE = 'en';

export const LOCALES: Record<string, {label: string; htmlLang: string; direction?: 'ltr' | 'rtl'}> = {
  en: {label: 'English', htmlLang: 'en'},
  ko: {label: '한국어', htmlLang: 'ko'},
  zh: {label: '简体中文', htmlLang: 'zh-CN'},
};
