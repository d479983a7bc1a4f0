/** Test double of @docusaurus/useIsBrowser: tests render like the server (static HTML). */
export default function useIsBrowser(): boolean {
  return false;
}
