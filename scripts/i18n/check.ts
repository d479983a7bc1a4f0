#!/usr/bin/env tsx
/**
 * npm run i18n:check [-- --strict] [--locale <code>]... [--build <dir> | --skip-build]
 *
 * Exits 1 when any locale has an error (with --strict, also a warning).
 * See lib/check.ts for what is checked in the sources, lib/built-pages.ts
 * for the built HTML of translated pages (from --build, default build/).
 */
import {parseArgs} from 'node:util';
import {checkI18n, failed, formatReport} from './lib/check';

const {values} = parseArgs({
  options: {
    strict: {type: 'boolean', default: false},
    locale: {type: 'string', multiple: true},
    root: {type: 'string', default: '.'},
    build: {type: 'string', default: 'build'},
    'skip-build': {type: 'boolean', default: false},
  },
});

checkI18n(values.root, {locales: values.locale, build: values['skip-build'] ? false : values.build}).then(
  (result) => {
    console.log(formatReport(result, values.strict));
    process.exit(failed(result, values.strict) ? 1 : 0);
  },
  (error: Error) => {
    console.error(`i18n:check: ${error.message}`);
    process.exit(2);
  },
);
