/**
 * chart-link-view: a shared link's hidden series are hidden in the chart's static
 * drawing and table from the first paint, before any script chunk has run.
 *
 * On a slow phone the bundle arrives and runs seconds after the page is readable,
 * and only then would React apply the link's view. This plugin puts a small inline
 * script in every page's <head>: it reads `<Chart>.hide=<series,...>` from the URL
 * and adds, per chart, a <style> element hiding those series' marks and value labels in
 * the build's drawing (`[data-static-drawing]`, marks named by `data-series`) and their
 * columns in the data table (cells named by SERIES_COLUMN_ATTRIBUTE). The drawing keeps the
 * scale of the full view until the chart is live.
 * Nothing React renders changes, so hydration still matches the server HTML; once
 * the chart is live it renders the view itself and the rule no longer matches
 * (ChartFigure's URL state removes it if the reader changes the view first).
 * Hidden with display:none, the column leaves the accessibility tree too: a screen
 * reader gets the same view. Without JavaScript the table stays whole.
 */
import type {Plugin} from '@docusaurus/types';
import {HIDDEN_SERIES_SUFFIX, LINK_VIEW_STYLE_ATTRIBUTE, SERIES_COLUMN_ATTRIBUTE} from '../../data/chartLink';

const json = JSON.stringify;

/** Plain ES2015 for every browser the site supports; any failure leaves the full table. */
export const LINK_VIEW_SCRIPT = `(function(){try{
var suffix=${json(HIDDEN_SERIES_SUFFIX)};
new URLSearchParams(location.search).forEach(function(value,key){
if(key.length<=suffix.length||key.slice(-suffix.length)!==suffix)return;
var chart=key.slice(0,-suffix.length),css='';
value.split(',').forEach(function(series){if(!series)return;var f='figure[data-chart="'+CSS.escape(chart)+'"] ',s='="'+CSS.escape(series)+'"]';
css+=f+'[data-static-drawing] [data-series'+s+','+f+'[data-static-drawing] [data-value-label'+s+','+f+'[data-panel]:has([data-static-plot]) details [${SERIES_COLUMN_ATTRIBUTE}'+s+'{display:none}';});
if(!css)return;
var style=document.createElement('style');
style.setAttribute(${json(LINK_VIEW_STYLE_ATTRIBUTE)},chart);
style.textContent=css;
document.head.appendChild(style);
});
}catch(e){}})();`;

export default function chartLinkViewPlugin(): Plugin {
  return {
    name: 'chart-link-view',
    injectHtmlTags: () => ({headTags: [{tagName: 'script', innerHTML: LINK_VIEW_SCRIPT}]}),
  };
}
