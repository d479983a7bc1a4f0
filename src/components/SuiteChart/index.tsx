/** A chart family's drawing: the spec from a suite's chart module, in the shared figure. */
import React from 'react';
import type {ChartFamilyProps} from '@site/src/data/chartSpec';
import ChartFigure from '@site/src/components/ChartFigure';
import ViewSwitch from '@site/src/components/ViewSwitch';

export default function SuiteChart({data, spec, intro, children}: ChartFamilyProps): React.JSX.Element {
  const {views} = spec;
  const description = spec.description?.();
  return (
    <ChartFigure
      name={spec.name}
      data={data}
      title={spec.title()}
      description={
        intro ? (
          <>
            {description}
            {intro}
          </>
        ) : (
          description
        )
      }
      build={spec.build}
      height={spec.height}
      controls={views && ((v) => <ViewSwitch views={views} {...v} />)}>
      {children}
    </ChartFigure>
  );
}
