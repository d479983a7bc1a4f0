/**
 * tsx scripts/benchmarks/ingest/check.ts <kind> <raw-file>
 *
 * The ingest's own parser run on one raw file as the bench script captures it
 * (lib/bench.sh calls this), so a failed test is retried or failed at once
 * instead of being found when the whole run is ingested. Exit 0: usable (flags
 * printed on stderr); exit 1: the parser's message; exit 2: usage.
 */
import {pathToFileURL} from 'node:url';
import {RawFileError} from './errors';
import {PARSERS} from './parsers';
import {readRawText} from './rundir';
import {RAW_KINDS, type RawKind} from './types';

export function checkRaw(kind: string, file: string): {ok: true; flags: string[]} | {ok: false; message: string} {
  if (!(RAW_KINDS as readonly string[]).includes(kind)) return {ok: false, message: `${file}: unknown kind "${kind}" (known: ${RAW_KINDS.join(', ')})`};
  let text: string;
  try {
    text = readRawText(file);
  } catch (e) {
    if (e instanceof RawFileError) return {ok: false, message: e.message};
    return {ok: false, message: `${file}: cannot read (${(e as Error).message})`};
  }
  try {
    const rows = PARSERS[kind as RawKind](text, file);
    return {ok: true, flags: [...new Set(rows.flatMap((r) => [...(r.flag ? [r.flag] : []), ...(r.flags ?? [])].map((f) => `${f.kind}: ${f.why}`)))]};
  } catch (e) {
    if (e instanceof RawFileError) return {ok: false, message: e.message};
    throw e;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [kind, file] = process.argv.slice(2);
  if (kind === undefined || file === undefined) {
    console.error('usage: tsx scripts/benchmarks/ingest/check.ts <kind> <raw-file>');
    process.exit(2);
  }
  const result = checkRaw(kind, file);
  if (result.ok) {
    for (const f of result.flags) console.error(`flagged ${f}`);
    process.exit(0);
  }
  console.error(result.message);
  process.exit(1);
}
