import fs from 'node:fs';
import path from 'node:path';
import {createElement, Fragment} from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import {describe, expect, it} from 'vitest';
import {Highlight, type PrismTheme} from 'prism-react-renderer';
import {codeThemes} from '../../css/codeThemes';
import {highlightToHtml, loadLanguages, tokenCss} from './highlight';

const root = path.resolve(__dirname, '../../..');
const files = ['examples/eks-cni', 'examples/tke-cilium'].flatMap((dir) =>
  fs
    .readdirSync(path.join(root, dir))
    .filter((f) => /\.(sh|ya?ml)$/.test(f))
    .map((f) => ({file: `${dir}/${f}`, language: f.endsWith('.sh') ? 'bash' : 'yaml'})),
);
loadLanguages(['bash', 'yaml', 'json']);

const unescape = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&amp;/g, '&');

interface Painted {
  text: string;
  color?: string;
  fontStyle?: string;
}

/** prism-react-renderer's own rendering of `code`: each token's text and inline colour, as the browser gets it. */
function runtimeTokens(code: string, language: string, theme: PrismTheme): Painted[] {
  const markup = renderToStaticMarkup(
    createElement(Highlight, {
      theme,
      code: code.replace(/\r?\n$/, ''),
      language,
      children: ({tokens, getTokenProps}) =>
        createElement(Fragment, null, ...tokens.flatMap((line) => line.filter((t) => !t.empty).map((token) => createElement('span', getTokenProps({token}))))),
    }),
  );
  return [...markup.matchAll(/<span class="[^"]*"(?: style="([^"]*)")?>([^<]*)<\/span>/g)].map(([, style, text]) => {
    const decl = (name: string) => new RegExp(`(?:^|;)${name}:([^;]+)`).exec(style ?? '')?.[1];
    return {text: unescape(text), color: decl('color'), fontStyle: decl('font-style')};
  });
}

/** The build-time HTML's tokens with the colour the generated CSS gives each in `mode`. */
function cssTokens(html: string, css: string, mode: string): Painted[] {
  const rules = new Map(
    [...css.matchAll(/^\[data-theme='(\w+)'\] \.build-highlighted \.([\w-]+)\{([^}]*)\}$/gm)].filter(([, m]) => m === mode).map(([, , cls, body]) => [cls, body]),
  );
  return [...html.matchAll(/<span class="([^"]+)">([^<]*)<\/span>/g)].map(([, classList, text]) => {
    const decls = Object.fromEntries(classList.split(' ').flatMap((c) => (rules.has(c) ? [rules.get(c)!.split(':')] : [])));
    return {text: unescape(text), color: decls['color'], fontStyle: decls['font-style']};
  });
}

describe('build-time highlighting of the example files', () => {
  it('covers the example files', () => expect(files.length).toBeGreaterThan(5));

  for (const {file, language} of files) {
    const code = fs.readFileSync(path.join(root, file), 'utf8');
    const html = highlightToHtml(code, language, codeThemes);
    const css = tokenCss('build-highlighted', codeThemes);

    it(`${file}: the HTML holds exactly the file's text, one token-line per line`, () => {
      const lines = [...html.matchAll(/<div class="token-line">(.*?)<br><\/div>/g)].map(([, l]) => unescape(l.replace(/<[^>]+>/g, '')));
      expect(lines.join('\n')).toBe(code.replace(/\r?\n$/, ''));
    });

    for (const [mode, theme] of Object.entries(codeThemes)) {
      it(`${file}, ${mode}: every token has the colour Docusaurus' CodeBlock would give it`, () => {
        const expected = runtimeTokens(code, language, theme);
        expect(expected.some((t) => t.color)).toBe(true);
        expect(cssTokens(html, css, mode)).toEqual(expected);
      });
    }
  }

  it('shows a language Prism has no grammar for as plain text, as the browser would', () => {
    expect(highlightToHtml('a <b> & c\n', 'mdx', codeThemes)).toBe('<div class="token-line"><span class="token plain">a &lt;b&gt; &amp; c</span><br></div>');
  });

  it('rejects line-highlight comments it would show as text', () => {
    expect(() => highlightToHtml('# highlight-next-line\necho hi\n', 'bash', codeThemes)).toThrow(/highlight-next-line/);
  });
});
