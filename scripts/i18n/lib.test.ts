/** The small pieces: front matter edits, figure extraction and search languages. */
import {describe, expect, it} from 'vitest';
import {searchLanguages} from './search-languages';
import {readField, setFields, splitFrontMatter} from './lib/front-matter';
import {compareFigures, MdxParseError, pageFigures} from './lib/mdx-figures';

describe('front matter', () => {
  const page = "---\ntitle: 'A: title'\nsidebar_position: 2 # order\n---\n\n# Body\n";

  it('reads top-level scalars, unquoted and without comments', () => {
    expect(readField(page, 'title')).toBe('A: title');
    expect(readField(page, 'sidebar_position')).toBe('2');
    expect(readField(page, 'source_hash')).toBeUndefined();
    expect(readField('# no front matter', 'title')).toBeUndefined();
  });

  it('replaces, appends and removes fields, leaving everything else byte for byte', () => {
    const stamped = setFields(page, {source_hash: 'abc', title: "'B'"});
    expect(stamped).toBe("---\ntitle: 'B'\nsidebar_position: 2 # order\nsource_hash: abc\n---\n\n# Body\n");
    expect(setFields(stamped, {source_hash: null})).toBe("---\ntitle: 'B'\nsidebar_position: 2 # order\n---\n\n# Body\n");
  });

  it('creates a block in a file without one', () => {
    const out = setFields('# Body\n', {source_hash: 'abc'});
    expect(out).toBe('---\nsource_hash: abc\n---\n\n# Body\n');
    expect(splitFrontMatter(out)).toEqual({yaml: 'source_hash: abc', body: '\n# Body\n', lineCount: 3});
  });
});

describe('page figures', () => {
  const english = [
    '---',
    'title: T',
    '---',
    "import eks from '@bench-data/eks-cni';",
    "import Chart from '@site/src/components/Chart';",
    '',
    "RTT is <Metric data={eks} metric=\"pod_rtt\" where={{stat: 'p50'}} />.",
    '',
    '<Chart data={eks} title="English title" />',
    '',
    '```mdx',
    '<Chart data={eks} />',
    '```',
    '',
    '<details><summary>x</summary>y</details>',
  ].join('\n');

  it('lists imports and components with their data bindings, not text props, HTML or code blocks', async () => {
    const figures = await pageFigures(english);
    expect([...figures.imports]).toEqual(['@bench-data/eks-cni', '@site/src/components/Chart']);
    expect(Object.fromEntries(figures.components)).toEqual({
      "<Metric data={eks} metric=pod_rtt where={{stat:'p50'}}>": 1,
      '<Chart data={eks}>': 1,
    });
  });

  it('sees a translation with other prose, quotes and spacing as the same', async () => {
    const translated = english
      .replace('RTT is', 'RTT는')
      .replace("where={{stat: 'p50'}}", 'where={{ stat: "p50" }}')
      .replace('English title', '한국어 제목');
    expect(compareFigures(await pageFigures(english), await pageFigures(translated))).toEqual([]);
  });

  it('names a missing chart, a changed binding and a dropped import', async () => {
    const translated = english
      .replace('<Chart data={eks} title="English title" />', '')
      .replace('metric="pod_rtt"', 'metric="dns_latency"')
      .replace("import Chart from '@site/src/components/Chart';\n", '');
    expect(compareFigures(await pageFigures(english), await pageFigures(translated))).toEqual([
      {key: '<Chart data={eks}>', source: 1, translation: 0},
      {key: "<Metric data={eks} metric=dns_latency where={{stat:'p50'}}>", source: 0, translation: 1},
      {key: "<Metric data={eks} metric=pod_rtt where={{stat:'p50'}}>", source: 1, translation: 0},
      {key: 'import @site/src/components/Chart', source: 1, translation: 0},
    ]);
  });

  it('reports an MDX syntax error with its line in the file', async () => {
    const broken = '---\ntitle: T\n---\n\ntext\n\n<Chart data={eks}\n';
    const error = await pageFigures(broken).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MdxParseError);
    expect((error as MdxParseError).line).toBeGreaterThanOrEqual(7);
  });
});

describe('searchLanguages', () => {
  it('maps locale codes to lunr languages, English first, skipping unsupported ones', () => {
    expect(searchLanguages(['en', 'ko', 'zh', 'zh-Hant', 'pt-BR', 'ja', 'xx'])).toEqual(['en', 'ko', 'zh', 'pt', 'ja']);
  });
});
