/**
 * What a page shows from data: its imports and the JSX components it renders
 * (charts, <Metric>, <Delta>), read with the MDX parser Docusaurus uses. Two
 * translations of a page must show the same figures bound to the same data.
 */
import {escapeMarkdownHeadingIds, unwrapMdxCodeBlocks} from '@docusaurus/utils';
import {splitFrontMatter} from './front-matter';

/** Attributes that bind a component to data; text props (titles, captions) may differ per locale. */
const BINDING_ATTRIBUTES = new Set(['data', 'metric', 'scenario', 'where', 'from', 'to', 'fromWhere', 'toWhere', 'format', 'exact', 'version']);

export interface PageFigures {
  /** Module specifiers of import statements, e.g. "@bench-data/eks-cni". */
  imports: Set<string>;
  /** Component signature ("<Metric metric=pod_rtt scenario=E where={stat:'p50'}>") -> occurrences. */
  components: Map<string, number>;
}

export class MdxParseError extends Error {
  constructor(
    message: string,
    readonly line: number | undefined,
  ) {
    super(message);
  }
}

interface Attribute {
  type: string;
  name?: string;
  value?: string | null | {value: string};
}
interface MdNode {
  type: string;
  name?: string | null;
  value?: string;
  attributes?: Attribute[];
  children?: MdNode[];
}

type Parser = {parse(text: string): unknown};
let processor: Promise<Parser> | undefined;
// @mdx-js/mdx is ESM-only and these scripts run as CommonJS: load it with a dynamic import, once.
const mdxParser = (): Promise<Parser> => (processor ??= import('@mdx-js/mdx').then((mdx) => mdx.createProcessor({format: 'mdx'})));

/**
 * The rewrites Docusaurus applies before MDX sees a file (its mdx-loader
 * preprocessor, MDX 1 compatibility): heading ids such as `{#usage}`, HTML
 * comments. Without them valid pages would not parse here.
 */
function preprocess(body: string): string {
  const withoutComments = body.replace(/<!--[\s\S]*?-->/g, (comment) => comment.replace(/[^\n]/g, ' '));
  return escapeMarkdownHeadingIds(unwrapMdxCodeBlocks(withoutComments));
}

/** Code-like text with whitespace removed and one quote style, so formatting differences do not count. */
const normalizeExpression = (code: string) => code.replace(/\s+/g, '').replace(/"/g, "'");

function signature(node: MdNode): string {
  const parts = (node.attributes ?? [])
    .filter((a): a is Attribute & {name: string} => a.type === 'mdxJsxAttribute' && !!a.name && BINDING_ATTRIBUTES.has(a.name))
    .map((a) => {
      if (a.value === null || a.value === undefined) return a.name;
      if (typeof a.value === 'string') return `${a.name}=${a.value}`;
      return `${a.name}={${normalizeExpression(a.value.value)}}`;
    })
    .sort();
  return `<${[node.name, ...parts].join(' ')}>`;
}

export async function pageFigures(text: string): Promise<PageFigures> {
  const {body, lineCount} = splitFrontMatter(text);
  const parser = await mdxParser();
  let tree: MdNode;
  try {
    tree = parser.parse(preprocess(body)) as MdNode;
  } catch (error) {
    const err = error as {reason?: string; message: string; line?: number};
    throw new MdxParseError(err.reason ?? err.message, err.line === undefined ? undefined : err.line + lineCount);
  }
  const figures: PageFigures = {imports: new Set(), components: new Map()};
  const visit = (node: MdNode) => {
    if (node.type === 'mdxjsEsm' && node.value) {
      for (const match of node.value.matchAll(/(?:^|\n)\s*import\s+(?:[^'"]*?\s+from\s+)?['"]([^'"]+)['"]/g)) {
        figures.imports.add(match[1]);
      }
    }
    // Components are capitalised (or namespaced); lowercase names are HTML.
    if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name && /^[A-Z]|\./.test(node.name)) {
      const key = signature(node);
      figures.components.set(key, (figures.components.get(key) ?? 0) + 1);
    }
    node.children?.forEach(visit);
  };
  visit(tree);
  return figures;
}

export interface FigureDifference {
  key: string;
  source: number;
  translation: number;
}

/** Imports and components whose presence or count differs between the English page and a translation. */
export function compareFigures(source: PageFigures, translation: PageFigures): FigureDifference[] {
  const diffs: FigureDifference[] = [];
  for (const spec of new Set([...source.imports, ...translation.imports])) {
    const a = Number(source.imports.has(spec));
    const b = Number(translation.imports.has(spec));
    if (a !== b) diffs.push({key: `import ${spec}`, source: a, translation: b});
  }
  for (const key of new Set([...source.components.keys(), ...translation.components.keys()])) {
    const a = source.components.get(key) ?? 0;
    const b = translation.components.get(key) ?? 0;
    if (a !== b) diffs.push({key, source: a, translation: b});
  }
  return diffs.sort((x, y) => x.key.localeCompare(y.key));
}
