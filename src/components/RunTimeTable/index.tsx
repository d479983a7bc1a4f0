/**
 * <RunTimeTable>: what each step of a run took in wall-clock time (the dataset's
 * method.runTime, recorded by the bench script): creating the step's Services, with
 * the CPU the API server and etcd spent on it, and measuring every datapath in every
 * round at it; and, when the run budget ended the run below its largest step, the
 * step it stopped before and what that step was expected to take. Nothing here is
 * typed by hand: a rerun republishes it.
 *   <RunTimeTable data={kp} />
 */
import React from 'react';
import Translate, {translate} from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type {SuiteBundle} from '@site/src/data/bundle';
import type {RunTime} from '@site/src/data/schema';
import {formatNumber, formatValue, typeset} from '@site/src/data/format';
import {useSuite} from '@site/src/plugins/bench-data/client';
import ScrollTable from '@site/src/components/ScrollTable';
import KeepServerHtml from '@site/src/components/KeepServerHtml';

/** A step's time: seconds up to two minutes, minutes with one decimal above (not thousands of seconds). */
export function duration(seconds: number, locale: string): string {
  if (seconds < 120) return formatValue(seconds, 's', locale);
  // The locale's own short unit ("3.9 min", "3.9분", "3.9分钟").
  return typeset(new Intl.NumberFormat(locale, {style: 'unit', unit: 'minute', unitDisplay: 'short', maximumFractionDigits: 1}).format(Math.round(seconds / 6) / 10), locale);
}

export function stopSentence(runTime: RunTime, locale: string): string | undefined {
  const stop = runTime.stoppedBefore;
  if (stop === undefined || runTime.budgetSeconds === undefined) return undefined;
  return typeset(
    translate(
      {
        id: 'runTime.stopped',
        message:
          'The run stopped before {services} Services: its steps had taken {spent} of its {budget} budget, and that step was expected to take {prepare} to create its Services and {measure} to measure (each predicted from the steps below it).',
      },
      {
        services: formatNumber(stop.at.services ?? 0, locale),
        spent: duration(stop.spentSeconds, locale),
        budget: duration(runTime.budgetSeconds, locale),
        prepare: duration(stop.predictedPrepareSeconds, locale),
        measure: duration(stop.predictedMeasureSeconds, locale),
      },
    ),
    locale,
  );
}

export default function RunTimeTable(props: {data: SuiteBundle}): React.JSX.Element {
  return (
    <KeepServerHtml data={props.data}>
      <RunTimeTableBody {...props} />
    </KeepServerHtml>
  );
}

function RunTimeTableBody({data}: {data: SuiteBundle}): React.JSX.Element | null {
  const {i18n} = useDocusaurusContext();
  const locale = i18n.currentLocale;
  const {dataset} = useSuite(data);
  const runTime = dataset.method.runTime;
  if (runTime === undefined) return null;
  const steps = [...runTime.steps].sort((a, b) => (a.at.services ?? 0) - (b.at.services ?? 0));
  const cpu = (value: number | null | undefined) => (value === undefined || value === null ? '–' : formatValue(value, 's', locale));
  const stop = stopSentence(runTime, locale);
  return (
    <>
      <ScrollTable
        numeric
        label
        caption={
          <Translate id="runTime.caption">
            Wall-clock time of each step of the run: creating its Services (and the CPU kube-apiserver and etcd spent on it), and measuring every datapath in every round
          </Translate>
        }
        columns={[
          <Translate key="s" id="runTime.services">Services</Translate>,
          <Translate key="c" id="runTime.create">Creating</Translate>,
          <Translate key="a" id="runTime.apiserverCpu">kube-apiserver's CPU</Translate>,
          <Translate key="e" id="runTime.etcdCpu">etcd's CPU</Translate>,
          <Translate key="m" id="runTime.measure">Measuring</Translate>,
        ]}
        data-testid="run-time">
        <tbody>
          {steps.map((step) => (
            <tr key={step.at.services}>
              <th scope="row">{formatNumber(step.at.services ?? 0, locale)}</th>
              <td>{step.createdServices ? duration(step.prepareSeconds, locale) : '–'}</td>
              <td>{cpu(step.cpuSeconds?.['kube-apiserver'])}</td>
              <td>{cpu(step.cpuSeconds?.etcd)}</td>
              <td>{duration(step.measureSeconds, locale)}</td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
      {stop !== undefined && <p data-testid="run-time-stop">{stop}</p>}
    </>
  );
}
