/**
 * Remark plugin (see ./index.ts): each fenced code block gets its highlighted
 * HTML as the `highlighted` prop, which Docusaurus' MDX code component passes on
 * to the CodeBlock (src/theme/CodeBlock).
 */
import {codeThemes} from '../../css/codeThemes';
import {highlightToHtml, loadLanguages} from './highlight';

interface MdNode {
  type: string;
  lang?: string | null;
  value?: string;
  position?: {start: {line: number}};
  data?: {hProperties?: Record<string, unknown>};
  children?: MdNode[];
}

function* codeNodes(node: MdNode): Generator<MdNode> {
  if (node.type === 'code') yield node;
  for (const child of node.children ?? []) yield* codeNodes(child);
}

export default function remarkHighlight(options: {languages: readonly string[]}) {
  loadLanguages(options.languages);
  return (root: MdNode, file: {path?: string}) => {
    for (const node of codeNodes(root)) {
      // As Docusaurus: the first word of the fence's language, lower case; none is plain text.
      const language = (node.lang?.split(/\s+/)[0] ?? 'text').toLowerCase();
      try {
        const highlighted = highlightToHtml(`${node.value ?? ''}\n`, language, codeThemes);
        node.data = {...node.data, hProperties: {...node.data?.hProperties, highlighted}};
      } catch (e) {
        throw new Error(`${file.path ?? '(markdown)'}:${node.position?.start.line ?? '?'}: ${(e as Error).message}`);
      }
    }
  };
}
