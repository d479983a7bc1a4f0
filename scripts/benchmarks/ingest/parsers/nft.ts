/**
 * `nft -j list table ip kube-proxy`: how many rules kube-proxy's nftables table
 * holds, and how many elements its sets and verdict maps (service-ips and the like).
 */
import {RawFileError} from '../errors';
import type {MetricSample} from '../types';
import {parseJsonObject} from './common';

export function parseNftTable(text: string, file: string): MetricSample[] {
  const doc = parseJsonObject(text, file);
  const items = doc.nftables;
  if (!Array.isArray(items)) throw new RawFileError(file, 'no "nftables" array (capture with nft -j list table ...)');
  let tables = 0;
  let rules = 0;
  let elements = 0;
  for (const item of items as Record<string, unknown>[]) {
    if ('table' in item) tables += 1;
    else if ('rule' in item) rules += 1;
    else if ('set' in item || 'map' in item) {
      const body = (item.set ?? item.map) as {elem?: unknown};
      if (body.elem !== undefined && !Array.isArray(body.elem)) throw new RawFileError(file, 'a set or map has an "elem" that is not a list');
      elements += Array.isArray(body.elem) ? body.elem.length : 0;
    }
  }
  if (tables !== 1) throw new RawFileError(file, `expected exactly one table, found ${tables} (capture one table: nft -j list table ip kube-proxy)`);
  return [
    {metric: 'nft_rules', value: rules},
    {metric: 'nft_set_elements', value: elements},
  ];
}
