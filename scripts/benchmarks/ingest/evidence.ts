/**
 * The raw file is the evidence: every label a meta gives a measurement (its kind,
 * the conditions and load the rows are filed under, the command it records) is
 * compared with what the raw file itself says (each kind's Evidence in
 * parsers/index.ts), and a disagreement is refused before any number is read.
 */
import {basename} from 'node:path';
import {RawFileError} from './errors';
import {EVIDENCE} from './parsers';
import type {Fact, FactValue, Meta} from './types';

/** A label: where the meta states the fact, and what it says. */
interface Label {
  source: string;
  value: FactValue | null;
  fromCmd: boolean;
}

const show = (v: FactValue | null): string => (v === null ? 'none' : typeof v === 'string' ? JSON.stringify(v) : String(v));

/** Equal in the label's terms; numbers within 0.1 % (an offered load in Gbps from bits/s). */
function same(a: FactValue | null, b: FactValue | null): boolean {
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b) <= 1e-3 * Math.max(Math.abs(a), Math.abs(b));
  return a === b;
}

/** Every place the meta states this fact: its kind, its conditions, its load, and (read as the tool reads it) its command. */
function labelsOf(fact: Fact, meta: Meta, program: string): Label[] {
  const labels: Label[] = [];
  if (fact.field === 'kind') labels.push({source: 'kind', value: meta.kind, fromCmd: false});
  const condition = (meta.conditions as Record<string, unknown>)[fact.field];
  if (condition !== undefined) labels.push({source: `conditions.${fact.field}`, value: condition as FactValue, fromCmd: false});
  const load = meta.load?.[fact.field];
  if (load !== undefined) labels.push({source: `load.${fact.field}`, value: load, fromCmd: false});
  // The command states a fact only when it is the tool's own command line (not a wrapper the parser cannot read).
  if (fact.asked !== undefined && basename(meta.cmd[0]) === program) {
    const asked = fact.asked(meta.cmd);
    if (asked !== undefined) labels.push({source: `cmd (${program}${fact.option ? ` ${fact.option}` : ''})`, value: asked, fromCmd: true});
  }
  return labels;
}

export interface EvidenceContext {
  /** The meta file the labels come from (named in the message). */
  metaPath: string;
  /** How to measure the step again so the bench script does not skip it (rundir.ts, rerunAdvice). */
  rerun: string;
}

/**
 * Refuses the raw file when a label disagrees with it, naming the file, the field,
 * what the label says, what the file says and the fix: relabel the meta when its
 * command agrees with the file (the label is what is wrong), measure again when
 * the file is not what its command asked for.
 */
export function checkEvidence(meta: Meta, raw: string, text: string, context: EvidenceContext): void {
  const evidence = EVIDENCE[meta.kind];
  if (evidence === undefined) return;
  for (const fact of evidence.facts(text, raw)) {
    const labels = labelsOf(fact, meta, evidence.program);
    const wrong = labels.filter((l) => !same(l.value, fact.value));
    if (wrong.length === 0) continue;
    const said = wrong.map((l) => `${l.source} says ${show(l.value)}`).join(', ');
    const head = `${fact.field}: the meta ${context.metaPath} ${said}, but the file says ${show(fact.value)} (${fact.at})`;
    const cmd = labels.find((l) => l.fromCmd);
    const sources = wrong.filter((l) => !l.fromCmd).map((l) => l.source).join(' and ');
    const relabel = fact.value === null ? `relabel the meta: remove ${sources}` : `relabel the meta: set ${sources} to ${show(fact.value)}`;
    let fix: string;
    if (cmd !== undefined && !wrong.includes(cmd)) {
      fix = `its command asked for ${show(fact.value)} too, so the label is what is wrong: ${relabel}`;
    } else if (cmd !== undefined) {
      fix = `the file is not the output of the command its meta records; measure that step again: ${context.rerun}`;
    } else {
      const option = fact.option !== undefined && fact.field !== 'kind' ? ` (${evidence.program} ${fact.option})` : '';
      fix = `${relabel} if the file is the measurement meant, or measure that step again with ${fact.field} ${show(wrong[0].value)}${option}: ${context.rerun}`;
    }
    throw new RawFileError(raw, `${head}; ${fix}`);
  }
}
