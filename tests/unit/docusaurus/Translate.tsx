/**
 * Test double of @docusaurus/Translate: no translations loaded, so the
 * message (or children) is rendered with its {placeholders} filled, exactly
 * what the real component does for the default locale. Like the real one,
 * <Translate> accepts React elements as values (e.g. an inline <Metric>).
 */
import React from 'react';

type Values = Record<string, React.ReactNode>;

function interpolate(message: string, values?: Values): string {
  if (!values) return message;
  return message.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}

/** The message split at its placeholders, each replaced by its value (string or element). */
function interpolateNodes(message: string, values: Values): React.ReactNode[] {
  return message.split(/(\{\w+\})/g).map((part, i) => {
    const key = /^\{(\w+)\}$/.exec(part)?.[1];
    return key !== undefined && key in values ? <React.Fragment key={i}>{values[key]}</React.Fragment> : part;
  });
}

export function translate({message, id}: {message?: string; id?: string; description?: string}, values?: Values): string {
  return interpolate(message ?? id ?? '', values);
}

export default function Translate({children, id, values}: {children?: string; id?: string; description?: string; values?: Values}): React.JSX.Element {
  const message = children ?? id ?? '';
  const hasElements = values !== undefined && Object.values(values).some((v) => React.isValidElement(v));
  return <>{hasElements ? interpolateNodes(message, values) : interpolate(message, values)}</>;
}
