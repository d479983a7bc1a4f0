/**
 * Each suite's results overview (src/data/overview.ts), by suite id: the report's
 * <ResultsOverview> and the bench-data plugin's headline figures find them here.
 * A new suite with an overview is added here.
 */
import type {OverviewConfig} from '../overview';
import {OVERVIEW as eksCni} from './eks-cni';
import {OVERVIEW as kubeProxy} from './kube-proxy';
import {OVERVIEW as local} from './local';
import {OVERVIEW as tkeCilium} from './tke-cilium';

export const OVERVIEWS: Readonly<Record<string, OverviewConfig>> = {
  'eks-cni': eksCni,
  'kube-proxy': kubeProxy,
  local,
  'tke-cilium': tkeCilium,
};
