/** Helpers every parser uses to read a raw file and to fail with the file named. */
import {RawFileError} from '../errors';

export function requireText(text: string, file: string): string {
  if (text.trim() === '') throw new RawFileError(file, 'is empty (the tool printed nothing; did it run?)');
  return text;
}

/** JSON.parse with errors that say "truncated" when the document simply stops. */
export function parseJsonObject(text: string, file: string): Record<string, unknown> {
  requireText(text, file);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    const msg = (e as Error).message;
    // The parser stopped at the very end of the text: the document was cut off, not malformed.
    const at = /position (\d+)/.exec(msg);
    const truncated = /end of (JSON )?input|Unterminated/i.test(msg) || (at !== null && Number(at[1]) >= text.trimEnd().length);
    throw new RawFileError(file, `${truncated ? 'truncated JSON' : 'not valid JSON'} (${msg})`);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new RawFileError(file, 'expected a JSON object at the top level');
  return data as Record<string, unknown>;
}

/** Read a number at a dotted path, or fail naming the path. */
export function num(obj: unknown, path: string, file: string): number {
  let cur: unknown = obj;
  for (const key of path.split('.')) {
    if (typeof cur !== 'object' || cur === null) throw new RawFileError(file, `missing ${path}`);
    cur = (cur as Record<string, unknown>)[key];
  }
  if (typeof cur !== 'number' || !Number.isFinite(cur)) throw new RawFileError(file, `${path} is ${JSON.stringify(cur)}, expected a number`);
  return cur;
}

export function get(obj: unknown, path: string): unknown {
  let cur: unknown = obj;
  for (const key of path.split('.')) {
    if (typeof cur !== 'object' || cur === null) return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

/** The argument of a command-line option (`-t 10` or `-t=10`), or undefined when the command does not give it. */
export function optionArg(cmd: readonly string[], option: string): string | undefined {
  for (let i = 0; i < cmd.length; i++) {
    if (cmd[i] === option) return cmd[i + 1];
    if (cmd[i].startsWith(`${option}=`)) return cmd[i].slice(option.length + 1);
  }
  return undefined;
}

/** A number with a K, M or G suffix (powers of 1000, as iperf3 and netperf read a rate), or undefined. */
export function scaledNumber(text: string): number | undefined {
  const m = /^(\d+(?:\.\d+)?)([kKmMgG]?)$/.exec(text);
  if (!m) return undefined;
  return Number(m[1]) * ({'': 1, k: 1e3, m: 1e6, g: 1e9} as Record<string, number>)[m[2].toLowerCase()];
}
