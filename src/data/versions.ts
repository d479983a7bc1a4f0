/** Dataset versions are `YYYY-MM-DD` or `YYYY-MM-DD.N`; order by date, then N. */
export function compareVersions(a: string, b: string): number {
  const [da, na = '0'] = a.split('.');
  const [db, nb = '0'] = b.split('.');
  return da === db ? Number(na) - Number(nb) : da < db ? -1 : 1;
}

export function latestVersion(versions: readonly string[]): string | undefined {
  return [...versions].sort(compareVersions).at(-1);
}

/** A span of versions, both ends included; an end left out is open. */
export interface VersionRange {
  from?: string;
  to?: string;
}

/** Whether `version` lies in `range` (always, without a range). */
export function inVersionRange(version: string, range: VersionRange | undefined): boolean {
  const {from, to} = range ?? {};
  return (from === undefined || compareVersions(version, from) >= 0) && (to === undefined || compareVersions(version, to) <= 0);
}
