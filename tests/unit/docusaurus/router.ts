/**
 * Test double of @docusaurus/router: only useLocation, whose pathname names the
 * page in build errors. Tests set it with setTestPage().
 */
let pathname = '/test-page';

export function setTestPage(path: string): void {
  pathname = path;
}

export function useLocation(): {pathname: string; search: string; hash: string} {
  return {pathname, search: '', hash: ''};
}
