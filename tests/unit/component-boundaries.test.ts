/**
 * "No component imports another component's CSS or internals; src/components
 * holds components only", checked on every import of the site:
 *
 * - each entry of src/components is a component folder: an index.tsx whose
 *   default export is a React component (a capitalised function);
 * - from outside a component's folder, only its index may be imported, and of
 *   it only the component (the default export) and types: no stylesheet, no
 *   other file of the folder, no helper exported beside the component;
 * - the model (src/data), the words readers see (src/words) and the plugins
 *   (src/plugins) import no component.
 *
 * Tests are exempt: a component's test may reach its internals.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import {describe, expect, it} from 'vitest';

const root = path.resolve(__dirname, '../..');
const COMPONENTS = path.join(root, 'src/components');

function filesUnder(dir: string, ext: RegExp): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, {recursive: true, encoding: 'utf8'}).filter((f) => ext.test(f)).map((f) => path.join(dir, f));
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file);

interface Import {
  file: string;
  specifier: string;
  /** Value names taken from the module ('default' for the default import); type-only names are left out. */
  values: string[];
}

/** Every static import and re-export of a source (TS, TSX, or an MDX page's import lines). */
function importsOf(file: string, text: string): Import[] {
  const source = file.endsWith('.mdx') ? text.split('\n').filter((l) => /^(import|export) .* from ['"]/.test(l)).join('\n') : text;
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  const out: Import[] = [];
  for (const st of sf.statements) {
    if (ts.isImportDeclaration(st) && ts.isStringLiteral(st.moduleSpecifier)) {
      const clause = st.importClause;
      const values: string[] = [];
      if (clause && !clause.isTypeOnly) {
        if (clause.name) values.push('default');
        const bindings = clause.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) values.push('*');
        if (bindings && ts.isNamedImports(bindings)) for (const el of bindings.elements) if (!el.isTypeOnly) values.push((el.propertyName ?? el.name).text);
      }
      // A bare `import './x.css'` takes no name but still reaches into the module.
      if (!clause) values.push('(side effect)');
      out.push({file, specifier: st.moduleSpecifier.text, values});
    } else if (ts.isExportDeclaration(st) && st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier) && !st.isTypeOnly) {
      const values = st.exportClause && ts.isNamedExports(st.exportClause) ? st.exportClause.elements.filter((e) => !e.isTypeOnly).map((e) => (e.propertyName ?? e.name).text) : ['*'];
      out.push({file, specifier: st.moduleSpecifier.text, values});
    }
  }
  return out;
}

/** The component folder and the path inside it an import reaches, or undefined outside src/components. */
function componentTarget(from: string, specifier: string): {component: string; inner: string} | undefined {
  let target: string;
  if (specifier.startsWith('@site/')) target = path.join(root, specifier.slice('@site/'.length));
  else if (specifier.startsWith('.')) target = path.resolve(path.dirname(from), specifier);
  else return undefined;
  const rel = path.relative(COMPONENTS, target);
  if (rel.startsWith('..') || path.isAbsolute(rel) || rel === '') return undefined;
  const [component, ...inner] = rel.split(path.sep);
  return {component, inner: inner.join('/')};
}

const componentOf = (file: string) => {
  const rel = path.relative(COMPONENTS, file);
  return rel.startsWith('..') ? undefined : rel.split(path.sep)[0];
};

/** Where an import breaks the rule, or undefined. */
function boundaryProblem(imp: Import): string | undefined {
  const target = componentTarget(imp.file, imp.specifier);
  if (!target || componentOf(imp.file) === target.component) return undefined;
  const where = `${path.relative(root, imp.file)} imports '${imp.specifier}'`;
  if (target.inner !== '' && target.inner !== 'index' && target.inner !== 'index.tsx') return `${where}: a file inside ${target.component}/ (only the component itself may be imported)`;
  const internals = imp.values.filter((v) => v !== 'default');
  if (internals.length > 0) return `${where}: ${internals.join(', ')} (only the component, the default export, and types may be imported)`;
  return undefined;
}

const sources = [
  ...filesUnder(path.join(root, 'src'), /\.(ts|tsx)$/),
  ...filesUnder(path.join(root, 'docs'), /\.mdx$/),
  ...filesUnder(path.join(root, 'i18n'), /\.mdx$/),
].filter((f) => !isTest(f) && !f.includes(`${path.sep}testing${path.sep}`));

describe('component boundaries', () => {
  it('src/components holds component folders only, each with a component as the default export of index.tsx', () => {
    const problems: string[] = [];
    for (const entry of fs.readdirSync(COMPONENTS, {withFileTypes: true})) {
      if (entry.isFile() && entry.name === 'README.md') continue;
      if (!entry.isDirectory()) {
        problems.push(`${entry.name}: not a component folder`);
        continue;
      }
      const index = path.join(COMPONENTS, entry.name, 'index.tsx');
      if (!fs.existsSync(index)) {
        problems.push(`${entry.name}/: no index.tsx`);
        continue;
      }
      if (!/^export default function [A-Z]\w*\(/m.test(fs.readFileSync(index, 'utf8'))) problems.push(`${entry.name}/index.tsx: its default export is not a component function`);
    }
    expect(problems).toEqual([]);
  });

  it('no file imports another component\'s stylesheet, files or helpers', () => {
    expect(sources.length).toBeGreaterThan(50);
    const problems = sources.flatMap((f) => importsOf(f, fs.readFileSync(f, 'utf8')).map(boundaryProblem)).filter((p): p is string => p !== undefined);
    expect(problems).toEqual([]);
  });

  it('the model, the words and the plugins import no component', () => {
    const outside = sources.filter((f) => /^src[\\/](data|words|plugins)[\\/]/.test(path.relative(root, f)));
    expect(outside.length).toBeGreaterThan(10);
    const problems = outside.flatMap((f) => importsOf(f, fs.readFileSync(f, 'utf8')).filter((i) => componentTarget(f, i.specifier)).map((i) => `${path.relative(root, f)} imports '${i.specifier}'`));
    expect(problems).toEqual([]);
  });

  it('the check catches what it is for', () => {
    const file = path.join(COMPONENTS, 'Findings/index.tsx');
    const check = (text: string) => importsOf(file, text).map(boundaryProblem);
    expect(check("import styles from '@site/src/components/ClaimList/styles.module.css';")[0]).toMatch(/a file inside ClaimList\//);
    expect(check("import CellValue from '../CellValue/index';")[0]).toBeUndefined();
    expect(check("import {useClaims} from '@site/src/components/ClaimList';")[0]).toMatch(/useClaims \(only the component/);
    expect(check("import DetailTable, {type PresetName} from '@site/src/components/DetailTable';")[0]).toBeUndefined();
    expect(check("import type {PresetName} from '@site/src/components/DetailTable/presets';")[0]).toMatch(/a file inside DetailTable\//);
    expect(check("import styles from './styles.module.css';")[0]).toBeUndefined();
    expect(check("export {cellText} from '@site/src/components/CellValue';")[0]).toMatch(/cellText/);
  });
});
