/**
 * A recharts surface as the built HTML carries it: what only the live chart uses goes
 * (recharts' class names, focus targets, its empty title), coordinates are rounded to 0.01 px,
 * and every id is made unique to the drawing (a page holds several drawings of each panel, and
 * a pattern referenced from a hidden drawing's twin would not paint).
 */
export function compactSvg(svg: string, idPrefix: string): string {
  return (
    svg
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
      .replace(/<g><\/g>/g, '')
      .replace(/^<svg /, '<svg class="chart-drawing" ')
  );
}
