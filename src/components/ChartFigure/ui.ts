/** The chart frame's own interface strings (toolbar, table, notes). */
import {translate} from '@docusaurus/Translate';

export const UI = {
  dataTable: () => translate({id: 'chart.dataTable', message: 'Data table'}),
  downloadCsv: () => translate({id: 'chart.downloadCsv', message: 'Download CSV'}),
  downloadJson: () => translate({id: 'chart.downloadJson', message: 'Download JSON'}),
  downloadSvg: () => translate({id: 'chart.downloadSvg', message: 'Download SVG'}),
  downloadPng: () => translate({id: 'chart.downloadPng', message: 'Download PNG'}),
  permalink: () => translate({id: 'chart.permalink', message: 'Copy link to this view'}),
  permalinkCopied: () => translate({id: 'chart.permalinkCopied', message: 'Link copied'}),
  embed: () => translate({id: 'chart.embed', message: 'Copy embed code', description: 'Copies HTML that shows the chart (its picture as published with the site, linked to the chart) on another page'}),
  embedCopied: () => translate({id: 'chart.embedCopied', message: 'Embed code copied'}),
  version: () => translate({id: 'chart.version', message: 'Dataset version'}),
  compare: () => translate({id: 'chart.compare', message: 'Compare with previous version'}),
  notInVersion: () => translate({id: 'chart.compare.notInVersion', message: 'This panel is not in this version.'}),
  noneInVersion: (version: string) =>
    translate({id: 'chart.noneInVersion', message: 'Dataset version {version} has no values for this chart; pick another version.', description: 'Shown instead of the panels when the picked version predates every metric of the chart'}, {version}),
  series: () => translate({id: 'chart.series', message: 'Series (click to show or hide)'}),
  category: () => translate({id: 'chart.category', message: 'Category'}),
  notes: () => translate({id: 'chart.notes', message: 'Notes on the data'}),
  allValues: () => translate({id: 'chart.notes.allValues', message: 'all values'}),
  everyValue: () => translate({id: 'chart.notes.everyValue', message: 'every value of this chart', description: 'Where a note on the data applies, when it applies to every value of every panel'}),
  spread: () => translate({id: 'chart.spread', message: 'range over rounds'}),
  percentOfBaseline: () => translate({id: 'chart.percentOfBaseline', message: '% of baseline'}),
};
