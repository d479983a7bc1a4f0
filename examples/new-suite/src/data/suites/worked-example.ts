/**
 * Facts of the worked-example suite that its page and charts share (the
 * contributing guide's new suite). Relative imports only: the ingest loads
 * this module outside the site's build.
 */
import type {LocalizedText} from '../schema';

/** The suite's title, in every language (the ingest writes it into each new dataset version). */
export const TITLE: LocalizedText = {
  en: 'Worked example: a new suite (invented figures)',
  ko: '예제: 새 스위트 (지어낸 수치)',
  zh: '示例：新增一个套件（虚构数字）',
};

/** VXLAN overlay: the setup the native-routing scenario is compared with. */
export const BASELINE = 'overlay';
