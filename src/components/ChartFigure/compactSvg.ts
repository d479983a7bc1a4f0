/** Groups without attributes (recharts' layers, once their class names are gone) draw nothing of their own: their content stays, the group goes. */
function unwrapBareGroups(svg: string): string {
  const open: boolean[] = [];
  return svg.replace(/<g>|<g\s[^>]*>|<\/g>/g, (tag) => {
    if (tag === '</g>') return open.pop() ? '</g>' : '';
    open.push(tag !== '<g>');
    return tag === '<g>' ? '' : tag;
  });
}

/** Ids nothing in the drawing refers to (recharts names every line and layer). */
function dropUnreferencedIds(svg: string): string {
  const referenced = new Set([...svg.matchAll(/url\(#([^)]+)\)|href="#([^"]+)"/g)].map((m) => m[1] ?? m[2]));
  return svg.replace(/ id="([^"]+)"/g, (whole, id: string) => (referenced.has(id) ? whole : ''));
}

/**
 * A recharts surface as the built HTML carries it: what only the live chart uses goes
 * (recharts' class names, focus targets, its empty title, ids and groups that do nothing),
 * coordinates are rounded to 0.01 px, and every id left is made unique to the drawing (a page
 * holds several drawings of each panel, and a pattern referenced from a hidden drawing's twin
 * would not paint).
 */
export function compactSvg(svg: string, idPrefix: string): string {
  return unwrapBareGroups(dropUnreferencedIds(
    svg
      .replace(/ name="[^"]*"/g, '')
      .replace(/ class="[^"]*"/g, '')
      .replace(/ tabindex="-1"/g, '')
      .replace(/ style="[^"]*"/, '')
      .replace(/<title><\/title>|<desc><\/desc>/g, '')
      // recharts gives grid lines the plot's box as well as their ends.
      .replace(/<line([^>]*)>/g, (_, attrs: string) => `<line${attrs.replace(/ (x|y|width|height)="[^"]*"/g, '')}>`)
      .replace(/="([^"]*)"/g, (_, value: string) => `="${value.replace(/-?\d+\.\d{3,}/g, (n) => String(Math.round(Number(n) * 100) / 100))}"`)
      .replace(/ id="([^"]+)"/g, (_, id: string) => ` id="${idPrefix}${id}"`)
      .replace(/url\(#([^)]+)\)/g, (_, id: string) => `url(#${idPrefix}${id})`)
      .replace(/href="#([^"]+)"/g, (_, id: string) => `href="#${idPrefix}${id}"`)
      .replace(/^<svg /, '<svg class="chart-drawing" '),
  ));
}
