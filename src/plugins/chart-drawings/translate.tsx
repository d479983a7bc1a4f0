/**
 * @docusaurus/Translate for the build's chart drawings (ChartFigure/drawAtBuild.tsx runs outside
 * Docusaurus' bundle): the locale's code translations (i18n/<locale>/code.json), which the drawing
 * worker puts in a global, the message itself where a string has none, placeholders filled as
 * Docusaurus fills them.
 */
import React from 'react';
import {DRAWING_MESSAGES_GLOBAL} from '../../data/chart/drawing';

type Values = Record<string, React.ReactNode>;

const messages = (): Record<string, string> => ((globalThis as Record<string, unknown>)[DRAWING_MESSAGES_GLOBAL] as Record<string, string> | undefined) ?? {};

const interpolate = (message: string, values?: Values): string =>
  values ? message.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole)) : message;

export function translate({message, id}: {message?: string; id?: string; description?: string}, values?: Values): string {
  return interpolate((id !== undefined ? messages()[id] : undefined) ?? message ?? id ?? '', values);
}

export default function Translate({children, id, values}: {children?: string; id?: string; description?: string; values?: Values}): React.JSX.Element {
  return <>{translate({id, message: children}, values)}</>;
}
