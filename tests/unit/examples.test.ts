/**
 * The snippets the report pages show (examples/) must work: shell names only
 * scripts that exist, `helm --set` keys exist in the chart of the Cilium version the
 * report used, CiliumNetworkPolicies match that version's CRD schema and
 * carry what they need to work, other objects are structurally sound, and
 * the pages show these files instead of pasted code. Shellcheck checks the
 * shell examples with every other script (the shellcheck stage of
 * scripts/test/test-all.sh, both tiers).
 */
import fs from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import yaml from 'js-yaml';
import {describe, expect, it} from 'vitest';

const root = path.resolve(__dirname, '../..');
const examples = path.join(root, 'examples');
/** The Cilium version each suite's report used (see examples/README.md). */
const CILIUM_VERSION: Record<string, string> = {'eks-cni': '1.16.5', 'tke-cilium': '1.19.4'};
const suites = Object.keys(CILIUM_VERSION);
const filesOf = (suite: string, ext: RegExp) =>
  fs
    .readdirSync(path.join(examples, suite))
    .filter((f) => ext.test(f))
    .map((f) => path.join(examples, suite, f));
const reference = (suite: string, file: string) => path.join(examples, 'reference', `cilium-${CILIUM_VERSION[suite]}`, file);

type Doc = Record<string, unknown> & {apiVersion?: string; kind?: string; metadata?: {name?: string}; spec?: Record<string, unknown>};
const docsOf = (file: string) => yaml.loadAll(fs.readFileSync(file, 'utf8')).filter(Boolean) as Doc[];

// ---- helm --set keys ----

/** Keys of the chart, with `prefix.*` entries for maps that take any key. */
export function loadKeys(file: string): {has: (key: string) => boolean} {
  const lines = fs.readFileSync(file, 'utf8').split('\n').filter((l) => l && !l.startsWith('#'));
  const exact = new Set(lines.filter((l) => !l.endsWith('.*')));
  const open = lines.filter((l) => l.endsWith('.*')).map((l) => l.slice(0, -1));
  return {has: (key) => exact.has(key) || open.some((p) => key.startsWith(p))};
}

/** `helm install|upgrade ... cilium/cilium ...` commands of a script, continuation lines joined. */
export function ciliumHelmCommands(script: string): string[] {
  return script
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .filter((l) => /\bhelm\s+(?:upgrade|install)\b.*\bcilium\/cilium\b/.test(l));
}

export const setKeys = (command: string): string[] => [...command.matchAll(/--set(?:-string)?[ =]([A-Za-z0-9_.\-\\]+)=/g)].map((m) => m[1].replace(/\\\./g, '.'));

describe('helm values in the examples exist in the chart', () => {
  for (const suite of suites) {
    const keys = loadKeys(reference(suite, 'helm-value-keys.txt'));
    for (const file of filesOf(suite, /\.sh$/)) {
      const commands = ciliumHelmCommands(fs.readFileSync(file, 'utf8'));
      if (commands.length === 0) continue;
      it(`${path.relative(root, file)} sets only keys of Cilium ${CILIUM_VERSION[suite]}`, () => {
        for (const c of commands) {
          const unknown = setKeys(c).filter((k) => !keys.has(k));
          expect(unknown, c).toEqual([]);
        }
      });
      it(`${path.relative(root, file)} restarts the agents after changing their ConfigMap`, () => {
        const text = fs.readFileSync(file, 'utf8');
        // The chart leaves running agents alone (rollOutCiliumPods defaults to false), so a changed value waits for a restart.
        const rolls = commands.every((c) => setKeys(c).includes('rollOutCiliumPods'));
        expect(rolls || /kubectl\s+(?:-n\s+kube-system\s+)?rollout\s+restart\s+(?:-n\s+kube-system\s+)?(?:daemonset|ds)\/cilium/.test(text)).toBe(true);
      });
    }
  }

  it('the key list catches a removed value (tunnel, gone since Cilium 1.15)', () => {
    const keys = loadKeys(reference('eks-cni', 'helm-value-keys.txt'));
    const cmd = ciliumHelmCommands('helm upgrade cilium cilium/cilium -n kube-system --set tunnel=vxlan --set routingMode=tunnel')[0];
    expect(setKeys(cmd).filter((k) => !keys.has(k))).toEqual(['tunnel']);
  });
});

// ---- Kubernetes and Cilium objects ----

const ajv = new Ajv({strict: false, allErrors: true});
const cnpValidator = (suite: string) => ajv.compile(JSON.parse(fs.readFileSync(reference(suite, 'ciliumnetworkpolicy-v2.schema.json'), 'utf8')));

type Rule = {toEndpoints?: {matchLabels?: Record<string, string>}[]; toFQDNs?: unknown[]; toPorts?: {ports?: {port?: string; protocol?: string}[]; rules?: {dns?: unknown[]}}[]};

/** Why an FQDN policy would not work, or null: toFQDNs needs DNS to kube-dns on port 53 through Cilium's DNS proxy (a `dns` rule). */
export function fqdnProblem(doc: Doc): string | null {
  const egress = ((doc.spec?.egress as Rule[] | undefined) ?? []) as Rule[];
  if (!egress.some((r) => r.toFQDNs?.length)) return null;
  const dnsAllowed = egress.some(
    (r) =>
      r.toEndpoints?.some((e) => e.matchLabels?.['k8s:k8s-app'] === 'kube-dns' || e.matchLabels?.['k8s-app'] === 'kube-dns') &&
      r.toPorts?.some((tp) => tp.ports?.some((p) => p.port === '53' && p.protocol === 'UDP') && (tp.rules?.dns?.length ?? 0) > 0),
  );
  return dnsAllowed ? null : 'toFQDNs without an egress rule to kube-dns port 53/UDP with rules.dns: every DNS lookup is dropped and no name is ever allowed';
}

/** Structural problems of a core object (what a server-side dry run would reject first). */
export function objectProblems(doc: Doc): string[] {
  const problems: string[] = [];
  if (!doc.apiVersion) problems.push('no apiVersion');
  if (!doc.kind) problems.push('no kind');
  if (!doc.metadata?.name || !/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/.test(doc.metadata.name)) problems.push('metadata.name missing or not a DNS label');
  if (doc.kind === 'Pod') {
    const containers = (doc.spec?.containers as {name?: string; image?: string}[] | undefined) ?? [];
    if (containers.length === 0) problems.push('spec.containers is empty');
    containers.forEach((c, i) => {
      if (!c.name) problems.push(`spec.containers[${i}].name missing`);
      if (!c.image) problems.push(`spec.containers[${i}].image missing`);
    });
  }
  return problems;
}

describe('Kubernetes and Cilium objects in the examples', () => {
  for (const suite of suites) {
    for (const file of filesOf(suite, /\.ya?ml$/)) {
      const rel = path.relative(root, file);
      it(`${rel} is valid`, () => {
        for (const doc of docsOf(file)) {
          if (doc.kind === 'CiliumNetworkPolicy') {
            expect(doc.apiVersion).toBe('cilium.io/v2');
            const validate = cnpValidator(suite);
            expect(validate(doc), `${rel}: ${ajv.errorsText(validate.errors)}`).toBe(true);
            expect(fqdnProblem(doc), rel).toBeNull();
          } else if (doc.kind === 'ClusterConfig') {
            const zones = doc.availabilityZones as string[];
            expect(zones.length, `${rel}: eksctl needs two zones or more`).toBeGreaterThanOrEqual(2);
            for (const ng of doc.managedNodeGroups as {availabilityZones?: string[]}[]) for (const z of ng.availabilityZones ?? []) expect(zones).toContain(z);
          } else {
            expect(objectProblems(doc), rel).toEqual([]);
          }
        }
      });
    }
  }

  it('the schema rejects a malformed policy and the FQDN rule catches a policy that blocks DNS', () => {
    const bad = {apiVersion: 'cilium.io/v2', kind: 'CiliumNetworkPolicy', metadata: {name: 'x'}, spec: {endpointSelector: {}, egress: [{toPorts: [{ports: [{port: 443}]}]}]}};
    expect(cnpValidator('eks-cni')(bad)).toBe(false);
    const blocksDns: Doc = {apiVersion: 'cilium.io/v2', kind: 'CiliumNetworkPolicy', metadata: {name: 'x'}, spec: {endpointSelector: {}, egress: [{toFQDNs: [{matchPattern: '*.amazonaws.com'}]}]}};
    expect(fqdnProblem(blocksDns)).toMatch(/kube-dns port 53/);
    expect(objectProblems({apiVersion: 'v1', kind: 'Pod', metadata: {name: 'Bad_Name'}, spec: {containers: [{name: 'c'}]}})).toEqual([
      'metadata.name missing or not a DNS label',
      'spec.containers[0].image missing',
    ]);
  });
});

// ---- shell ----

describe('shell examples', () => {
  const scripts = suites.flatMap((s) => filesOf(s, /\.sh$/));
  it('name only scripts that exist in the repository', () => {
    for (const file of scripts) {
      for (const [, p] of fs.readFileSync(file, 'utf8').matchAll(/(?:^|\s)\.\/(scripts\/[\w./-]+\.sh)/g)) expect(fs.existsSync(path.join(root, p)), `${path.relative(root, file)} names ${p}`).toBe(true);
    }
  });
});

// ---- pages show the files ----

const reportPages = ['docs', 'i18n/ko/docusaurus-plugin-content-docs/current', 'i18n/zh/docusaurus-plugin-content-docs/current'].flatMap((dir) =>
  ['benchmarks/eks-cni.mdx', 'benchmarks/tke-cilium.mdx'].map((f) => path.join(root, dir, f)),
);

describe('report pages show snippets from examples/', () => {
  for (const page of reportPages) {
    const rel = path.relative(root, page);
    const text = fs.readFileSync(page, 'utf8');
    it(`${rel} has no pasted YAML or shell block`, () => {
      const fences = [...text.matchAll(/^```(\w*)/gm)].map((m) => m[1]).filter((lang, i) => i % 2 === 0);
      expect(fences.filter((l) => /^(ya?ml|bash|sh|shell|console)$/.test(l))).toEqual([]);
    });
    it(`${rel} imports only example files that exist, and every example of its suite`, () => {
      const suite = path.basename(page, '.mdx');
      const imported = [...text.matchAll(/from '@example-file\/([^']+)'/g)].map((m) => m[1]);
      for (const f of imported) expect(fs.existsSync(path.join(examples, f)), f).toBe(true);
      const shown = filesOf(suite, /\.(sh|ya?ml)$/).map((f) => path.relative(examples, f));
      expect(imported.sort()).toEqual(shown.sort());
    });
  }
});
