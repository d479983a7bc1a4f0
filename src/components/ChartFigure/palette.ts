/** Series colours are CSS variables so light and dark mode each get a readable palette. */
export const seriesColor = (slot: number): string => `var(--chart-color-${slot % 8})`;
