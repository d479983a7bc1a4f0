/**
 * Reads and edits top-level scalar fields of a Markdown/MDX front matter
 * block without reformatting the rest of the file: translators' files stay
 * byte-for-byte the same apart from the lines we own.
 */
const BLOCK = /^---\r?\n([\s\S]*?)\r?\n?---[ \t]*(?:\r?\n|$)/;

export interface FrontMatterSplit {
  /** The YAML between the fences, or null when the file has no front matter. */
  yaml: string | null;
  /** Everything after the closing fence. */
  body: string;
  /** Number of lines the front matter block occupies (0 without one). */
  lineCount: number;
}

export function splitFrontMatter(text: string): FrontMatterSplit {
  const match = BLOCK.exec(text);
  if (!match) return {yaml: null, body: text, lineCount: 0};
  return {yaml: match[1], body: text.slice(match[0].length), lineCount: match[0].split('\n').length - 1};
}

const fieldLine = (key: string) => new RegExp(`^${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:[ \\t]*(.*)$`, 'm');

/** The value of a top-level `key: value` line, unquoted; undefined when absent. */
export function readField(text: string, key: string): string | undefined {
  const {yaml} = splitFrontMatter(text);
  if (yaml === null) return undefined;
  const match = fieldLine(key).exec(yaml);
  if (!match) return undefined;
  const raw = match[1].replace(/\s+#.*$/, '').trim();
  const quoted = /^(['"])(.*)\1$/.exec(raw);
  return quoted ? quoted[2] : raw;
}

/**
 * Sets (or, with null, removes) top-level scalar fields. Existing lines are
 * replaced in place; new ones go just before the closing fence; a file without
 * front matter gets a new block.
 */
export function setFields(text: string, fields: Record<string, string | null>): string {
  const {yaml, body} = splitFrontMatter(text);
  const lines = yaml === null || yaml === '' ? [] : yaml.split(/\r?\n/);
  for (const [key, value] of Object.entries(fields)) {
    const index = lines.findIndex((line) => fieldLine(key).test(line));
    if (value === null) {
      if (index >= 0) lines.splice(index, 1);
      continue;
    }
    const line = `${key}: ${value}`;
    if (index >= 0) lines[index] = line;
    else lines.push(line);
  }
  if (lines.length === 0) return body;
  return `---\n${lines.join('\n')}\n---\n${yaml === null ? '\n' : ''}${body}`;
}
