/** A chart family's drawing: the spec from a suite's chart module, in the shared figure. */
import React from 'react';
import type {ChartFamilyProps} from '@site/src/data/chartSpec';
import ChartFigure from '@site/src/components/ChartFigure';

export default function SuiteChart({data, spec, children}: ChartFamilyProps): React.JSX.Element {
  const After = spec.after;
  return (
    <ChartFigure name={spec.name} data={data} title={spec.title()} description={spec.description?.()} build={spec.build} height={spec.height} controls={spec.controls}>
      {After ? (
        <>
          <After data={data} />
          {children}
        </>
      ) : (
        children
      )}
    </ChartFigure>
  );
}
