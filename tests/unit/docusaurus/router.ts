/**
 * Test double of @docusaurus/router: useLocation, whose pathname names the
 * page in build errors (tests set it with setTestPage()), and useHistory,
 * whose push records where it was asked to go (testHistory.pushed).
 */
let pathname = '/test-page';

export function setTestPage(path: string): void {
  pathname = path;
}

export function useLocation(): {pathname: string; search: string; hash: string} {
  return {pathname, search: '', hash: ''};
}

export const testHistory = {
  pushed: [] as string[],
  push(path: string): void {
    testHistory.pushed.push(path);
  },
};

export function useHistory(): typeof testHistory {
  return testHistory;
}
