#!/usr/bin/env tsx
/**
 * npm run locale:add -- <code> [--label <name>] [--html-lang <tag>] [--skip-write-translations]
 *
 * Adds a locale in one step: registers it in i18n/locales.ts (the config, the
 * locale dropdown and the search languages follow), runs `docusaurus
 * write-translations` for it, copies the English docs into
 * i18n/<code>/docusaurus-plugin-content-docs/current marked
 * `translation_status: untranslated`, then prints what is left to translate.
 * Re-running it for a registered locale adds copies of new English pages and
 * refreshes untranslated copies whose source changed.
 */
import {localeAdd} from './lib/locale-add';

localeAdd(process.argv.slice(2)).then(
  (status) => process.exit(status),
  (error: Error) => {
    console.error(`locale:add: ${error.message}`);
    process.exit(1);
  },
);
