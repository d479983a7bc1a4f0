/** The docs page that explains how a figure is produced and when a difference is called better or worse (docs/methods.mdx); verdicts link to it. */
export const METHODS_PAGE = '/docs/methods';
