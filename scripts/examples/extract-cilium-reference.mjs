#!/usr/bin/env node
/**
 * Extract what the snippet tests check against from a Cilium Go module
 * (github.com/cilium/cilium@<version>, as `go mod download` fetches it):
 *   - the Helm chart's value keys (install/kubernetes/cilium/values.yaml),
 *     one dotted path per line; `path.*` where the chart's default is an
 *     empty map that takes any key;
 *   - the CiliumNetworkPolicy v2 CRD's OpenAPI schema, descriptions removed.
 *
 *   GOFLAGS=-mod=mod go mod download -json github.com/cilium/cilium@v1.16.5   # prints Dir and Sum
 *   node scripts/examples/extract-cilium-reference.mjs <Dir> <version> <Sum>
 *
 * Writes examples/reference/cilium-<version>/{helm-value-keys.txt,ciliumnetworkpolicy-v2.schema.json}.
 */
import fs from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';

const [moduleDir, version, sum] = process.argv.slice(2);
if (!moduleDir || !version || !sum) {
  console.error('usage: node scripts/examples/extract-cilium-reference.mjs <module dir> <version> <go.sum h1: hash>');
  process.exit(2);
}
const out = path.join('examples', 'reference', `cilium-${version}`);
fs.mkdirSync(out, {recursive: true});
const provenance = (file) => `github.com/cilium/cilium@${version} (${sum}), ${file}`;

const valuesFile = 'install/kubernetes/cilium/values.yaml';
const values = yaml.load(fs.readFileSync(path.join(moduleDir, valuesFile), 'utf8'));
const keys = [];
(function walk(node, prefix) {
  for (const [k, v] of Object.entries(node)) {
    const p = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      if (Object.keys(v).length === 0) keys.push(`${p}.*`);
      keys.push(p);
      walk(v, p);
    } else keys.push(p);
  }
})(values, '');
fs.writeFileSync(path.join(out, 'helm-value-keys.txt'), [`# Helm value keys of the Cilium chart, from ${provenance(valuesFile)}`, ...keys.sort()].join('\n') + '\n');

const crdFile = 'pkg/k8s/apis/cilium.io/client/crds/v2/ciliumnetworkpolicies.yaml';
const crd = yaml.load(fs.readFileSync(path.join(moduleDir, crdFile), 'utf8'));
const served = crd.spec.versions.find((v) => v.name === 'v2');
const strip = (n) => {
  if (Array.isArray(n)) return n.map(strip);
  if (n && typeof n === 'object') return Object.fromEntries(Object.entries(n).filter(([k]) => k !== 'description').map(([k, v]) => [k, strip(v)]));
  return n;
};
const schema = {$comment: `CiliumNetworkPolicy v2 openAPIV3Schema from ${provenance(crdFile)}; descriptions removed`, ...strip(served.schema.openAPIV3Schema)};
fs.writeFileSync(path.join(out, 'ciliumnetworkpolicy-v2.schema.json'), JSON.stringify(schema) + '\n');
console.log(`wrote ${out}: ${keys.length} keys, schema ${JSON.stringify(schema).length} bytes`);
