/**
 * The one glossary per language: for each term the site uses in Korean and
 * Chinese, the spellings it does not use. The checks (tests/unit/cjk-text.test.ts)
 * find an avoided spelling in interface strings (code.json), page prose and
 * dataset text; dataset text already published (immutable versions) takes the
 * glossary's term when shown (src/words/datasetText.ts), as it takes Chinese
 * typography. Pure data and string functions: the Node tools load it too.
 */
import {cjkLatinSpacing} from '../data/cjkTypography';

export interface GlossaryEntry {
  /** The spelling the site uses. */
  term: string;
  /** Spellings that mean the same and are not used. */
  avoid: readonly string[];
  /** Why the avoided spellings are wrong or ambiguous here. */
  why: string;
}

export const GLOSSARY: Readonly<Record<'ko' | 'zh', readonly GlossaryEntry[]>> = {
  ko: [
    {term: 'keepalive', avoid: ['keep-alive'], why: 'one spelling, the one of the connection condition and fortio'},
    {term: '오버레이', avoid: ['Overlay'], why: 'the routing mode is a word of the sentence, not a name'},
    {term: '전용 테이블', avoid: ['독자 테이블'], why: "kube-proxy's nftables mode keeps its rules in a table of its own; 독자 reads as 'reader'"},
    {term: '규칙 반영 지연', avoid: ['네트워크 프로그래밍 지연'], why: "kube-proxy's network programming latency: the time until a change is in the kernel's rules; the literal phrase reads as writing network software"},
  ],
  zh: [
    {term: 'keepalive', avoid: ['keep-alive'], why: 'one spelling, the one of the connection condition and fortio'},
    {term: '覆盖网络', avoid: ['Overlay'], why: 'the routing mode is a word of the sentence, not a name'},
    {term: '占位 Service', avoid: ['虚拟 Service'], why: "Services created only to be counted; 虚拟 Service reads as Istio's VirtualService"},
    {term: '规则生效延迟', avoid: ['网络编程延迟'], why: "kube-proxy's network programming latency: the time until a change is in the kernel's rules; the literal phrase reads as writing network software"},
  ],
};

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** An avoided spelling as a word: not inside a longer Latin word or identifier ("Overlay" but not "OverlayFS"). */
const wordRe = (s: string, flags = 'gu') => new RegExp(`(?<![A-Za-z0-9_-])${escape(s)}(?![A-Za-z0-9_-])`, flags);

const entriesOf = (locale: string): readonly GlossaryEntry[] => (locale.startsWith('zh') ? GLOSSARY.zh : locale.startsWith('ko') ? GLOSSARY.ko : []);

export interface GlossaryProblem {
  found: string;
  term: string;
}

/** Every avoided spelling in a run of text of `locale`, with the term to use instead. */
export function glossaryProblems(text: string, locale: string): GlossaryProblem[] {
  return entriesOf(locale).flatMap((e) => e.avoid.filter((a) => wordRe(a, 'u').test(text)).map((found) => ({found, term: e.term})));
}

/**
 * Text of `locale` with every avoided spelling replaced by its term. In Chinese a
 * Han edge of the term takes no space (the spaces that set the Latin word apart
 * go), and Latin letters or digits that then touch Han are set apart again.
 */
export function withGlossary(text: string, locale: string): string {
  const zh = locale.startsWith('zh');
  const han = /\p{Script=Han}/u;
  let out = text;
  for (const e of entriesOf(locale)) {
    for (const a of e.avoid) {
      out = zh
        ? out.replace(new RegExp(`([ \\t]*)${wordRe(a).source}([ \\t]*)`, 'gu'), (_m, before: string, after: string) => `${han.test(e.term[0]) ? '' : before}${e.term}${han.test(e.term.at(-1)!) ? '' : after}`)
        : out.replace(wordRe(a), e.term);
    }
  }
  return zh && out !== text ? cjkLatinSpacing(out) : out;
}
