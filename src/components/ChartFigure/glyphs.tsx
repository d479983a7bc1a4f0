/**
 * The second channel beside colour (./palette.ts): a scenario's marker shape, a variant's
 * texture on bars and dash on lines, and the swatch that shows them in legends, tooltips
 * and tables exactly as the chart draws them.
 */
import React, {useId} from 'react';
import {BY_SCENARIO, hueColor, type SeriesStyle} from '@site/src/data/chart/palette';

/** Dash of a line by variant: solid first. */
export const DASHES = [undefined, '8 4', '3 3', '12 4 3 4', '2 5'];
export const dashOf = (variant: number): string | undefined => DASHES[variant % DASHES.length];

/**
 * How many bar textures there are, lightest patterns last: solid, light with an outline,
 * mid-tone with an outline, dotted, striped (the flag's hatch is diagonal, so no texture is).
 */
const TEXTURES = 5;
export const textureOf = (variant: number): number => variant % TEXTURES;

/** The panel background: textures and hollow markers are cut out in it. */
export const SURFACE = 'var(--ifm-background-surface-color)';

function polygon(cx: number, cy: number, r: number, sides: number, rotation: number, inner?: number): string {
  const n = inner === undefined ? sides : sides * 2;
  const points = Array.from({length: n}, (_, i) => {
    const radius = inner !== undefined && i % 2 === 1 ? inner : r;
    const a = rotation + (2 * Math.PI * i) / n;
    return `${(cx + radius * Math.cos(a)).toFixed(2)},${(cy + radius * Math.sin(a)).toFixed(2)}`;
  });
  return `M${points.join('L')}Z`;
}

/** Outline of marker shape `shape` centred on (cx, cy), about 2r across. */
export function shapePath(shape: number, cx: number, cy: number, r: number): string {
  const up = -Math.PI / 2;
  switch (shape % 8) {
    case 0:
      return `M${cx - r},${cy}a${r},${r} 0 1,0 ${2 * r},0a${r},${r} 0 1,0 ${-2 * r},0Z`;
    case 1:
      return polygon(cx, cy, r * 1.2, 4, Math.PI / 4);
    case 2:
      return polygon(cx, cy + r * 0.2, r * 1.3, 3, up);
    case 3:
      return polygon(cx, cy, r * 1.3, 4, 0);
    case 4:
      return polygon(cx, cy - r * 0.2, r * 1.3, 3, -up);
    case 5:
      return polygon(cx, cy, r * 1.15, 5, up);
    case 6:
      return polygon(cx, cy, r * 1.15, 6, 0);
    default:
      return polygon(cx, cy, r * 1.4, 5, up, r * 0.6);
  }
}

/** Patterns the textures cut out of a bar in the panel background; `id` prefixes their ids. */
export function TexturePatterns({id}: {id: string}): React.JSX.Element {
  return (
    <>
      <pattern id={`${id}-t3`} patternUnits="userSpaceOnUse" width={5} height={5}>
        <circle cx={2.5} cy={2.5} r={1.2} fill={SURFACE} />
      </pattern>
      <pattern id={`${id}-t4`} patternUnits="userSpaceOnUse" width={4} height={4}>
        <rect x={0} y={0} width={4} height={1.4} fill={SURFACE} />
      </pattern>
    </>
  );
}

/** A bar (or a swatch) in `colour` with the texture of `variant`. */
export function TexturedRect({x, y, width, height, colour, variant, patterns}: {x: number; y: number; width: number; height: number; colour: string; variant: number; patterns: string}): React.JSX.Element {
  const texture = textureOf(variant);
  if (texture === 1 || texture === 2) {
    return (
      <>
        <rect x={x} y={y} width={width} height={height} fill={colour} fillOpacity={texture === 1 ? 0.3 : 0.6} data-fill />
        <rect x={x + 0.75} y={y + 0.75} width={Math.max(0, width - 1.5)} height={Math.max(0, height - 1.5)} fill="none" stroke={colour} strokeWidth={1.5} />
      </>
    );
  }
  return (
    <>
      <rect x={x} y={y} width={width} height={height} fill={colour} data-fill />
      {texture > 2 && <rect x={x} y={y} width={width} height={height} fill={`url(#${patterns}-t${texture})`} />}
    </>
  );
}

/**
 * A series' key as drawn: for bars a textured square (in every scenario colour for a
 * series over the scenarios; `withShape`: with the scenario's marker, as the chart draws
 * it at the foot of bars of several scenarios), for lines a stretch of line with its dash and marker.
 * data-* attributes name the series' scenario and variant for the tests.
 */
export function SeriesSwatch({style, kind, scenarioHues, withShape = false}: {style: SeriesStyle; kind: 'bar' | 'line'; scenarioHues?: readonly number[]; withShape?: boolean}): React.JSX.Element {
  const patterns = `sw${useId().replace(/:/g, '')}`;
  const attrs = {'aria-hidden': true, 'data-swatch': true, 'data-scenario': style.scenario, 'data-variant': style.variant, 'data-by-scenario': style.hue === BY_SCENARIO || undefined};
  if (kind === 'line' && style.hue !== BY_SCENARIO) {
    const colour = hueColor(style.hue, style.variant);
    return (
      <svg width={28} height={12} viewBox="0 0 28 12" {...attrs} style={{flex: 'none'}}>
        <line x1={1} x2={27} y1={6} y2={6} stroke={colour} strokeWidth={2.5} strokeDasharray={dashOf(style.variant)} data-stroke />
        <path d={shapePath(style.shape ?? 0, 14, 6, 3.2)} fill={SURFACE} stroke={colour} strokeWidth={1.8} />
      </svg>
    );
  }
  const hues = style.hue === BY_SCENARIO ? (scenarioHues?.length ? scenarioHues : [0]) : [style.hue];
  const w = hues.length > 1 ? Math.min(24, 5 * hues.length) : 13;
  const strip = w / hues.length;
  return (
    <svg width={w} height={13} viewBox={`0 0 ${w} 13`} {...attrs} style={{flex: 'none'}}>
      <defs>
        <TexturePatterns id={patterns} />
      </defs>
      {hues.map((h, i) => (
        <TexturedRect key={i} x={i * strip} y={0} width={strip} height={13} colour={hueColor(h, style.variant, style.hue !== BY_SCENARIO)} variant={style.variant} patterns={patterns} />
      ))}
      {withShape && style.shape !== undefined && <path d={shapePath(style.shape, w / 2, 6.5, 3.2)} fill={SURFACE} />}
    </svg>
  );
}
