/** Labels (in the language itself) and HTML lang tags for locales `locale:add` knows without --label. */
export const KNOWN_LOCALES: Record<string, {label: string; htmlLang: string}> = {
  ja: {label: '日本語', htmlLang: 'ja'},
  de: {label: 'Deutsch', htmlLang: 'de'},
  fr: {label: 'Français', htmlLang: 'fr'},
  es: {label: 'Español', htmlLang: 'es'},
  it: {label: 'Italiano', htmlLang: 'it'},
  'pt-BR': {label: 'Português (Brasil)', htmlLang: 'pt-BR'},
  ru: {label: 'Русский', htmlLang: 'ru'},
  vi: {label: 'Tiếng Việt', htmlLang: 'vi'},
  'zh-Hant': {label: '繁體中文', htmlLang: 'zh-Hant'},
};
