/** What `import file from '@example-file/<path under examples/>'` gives a page (see ./index.ts). */
export interface ExampleFile {
  /** Path from the repository root, e.g. "examples/eks-cni/run-benchmark.sh": the block's title. */
  path: string;
  /** Prism language, e.g. "bash". */
  language: string;
  /** The file's text, for the copy button. */
  code: string;
  /** `code` highlighted at build time (./highlight.ts). */
  html: string;
}

/** The class on a build-time highlighted block's container; tokens.css is scoped to it. */
export const HIGHLIGHTED_CLASS = 'build-highlighted';
