/**
 * The pages the speed budget measures: both report pages in every locale,
 * and the plain doc page (the docs home) they are compared with.
 */
export const PLAIN_DOC_PAGE = '/docs';

export const REPORT_ROUTES = ['/docs/benchmarks/eks-cni', '/docs/benchmarks/tke-cilium'] as const;

export const BENCH_LOCALES = ['en', 'ko', 'zh'] as const;

/** Goal from the issue: a report page loads at most this many times the plain doc page's JS (gzip). */
export const JS_BUDGET_FACTOR = 1.8;

/** "/docs/benchmarks/eks-cni" in `locale`: "/ko/docs/benchmarks/eks-cni". */
export function localized(route: string, locale: string): string {
  return locale === 'en' ? route : `/${locale}${route}`;
}

export interface BenchPage {
  route: string;
  locale: string;
  /** A report, the site's plain doc page, or the bare Docusaurus template's doc page (./template.ts). */
  kind: 'report' | 'plain' | 'template';
}

export function benchPages(): BenchPage[] {
  return BENCH_LOCALES.flatMap((locale) => [
    {route: localized(PLAIN_DOC_PAGE, locale), locale, kind: 'plain' as const},
    ...REPORT_ROUTES.map((r) => ({route: localized(r, locale), locale, kind: 'report' as const})),
  ]);
}
