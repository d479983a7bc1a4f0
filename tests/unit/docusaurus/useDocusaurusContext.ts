/**
 * Test double of @docusaurus/useDocusaurusContext: only the i18n part the
 * site reads. Tests switch the locale with setTestLocale().
 */
let currentLocale = 'en';

export function setTestLocale(locale: string): void {
  currentLocale = locale;
}

export default function useDocusaurusContext() {
  return {
    i18n: {currentLocale, defaultLocale: 'en', locales: ['en', 'ko', 'zh']},
    siteConfig: {baseUrl: '/'},
  };
}
