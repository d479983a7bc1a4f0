/** Adds a locale entry to i18n/locales.ts, keeping the file's formatting. */
import fs from 'node:fs';
import path from 'node:path';
import {LOCALES_FILE, type LocaleConfig} from './site';

/** A single-quoted TS string literal, the file's style. */
const quote = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

const LOCALES_OBJECT = /(export const LOCALES\b[^=]*=\s*\{)([\s\S]*?)(\n\};)/;

export function registerLocale(root: string, code: string, config: LocaleConfig): void {
  const file = path.join(root, LOCALES_FILE);
  const text = fs.readFileSync(file, 'utf8');
  const match = LOCALES_OBJECT.exec(text);
  if (!match) throw new Error(`${LOCALES_FILE}: cannot find "export const LOCALES ... = { ... };" to add ${code} to`);
  const key = /^[A-Za-z_$][\w$]*$/.test(code) ? code : `'${code}'`;
  const entry = `  ${key}: {label: ${quote(config.label)}, htmlLang: ${quote(config.htmlLang)}${config.direction ? `, direction: '${config.direction}'` : ''}},`;
  const body = match[2].replace(/\s*$/, '');
  const updated = text.replace(LOCALES_OBJECT, `$1${body}\n${entry.replace(/\$/g, '$$$$')}$3`);
  fs.writeFileSync(file, updated);
}
