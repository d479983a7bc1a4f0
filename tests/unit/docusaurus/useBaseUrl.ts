/** Test double of @docusaurus/useBaseUrl: the site is served at "/", so a path maps to itself. */
export default function useBaseUrl(url: string): string {
  return url;
}
