/** Test double of @docusaurus/useBrokenLinks: anchors and links are only collected during the real build. */
export default function useBrokenLinks(): {collectAnchor: (name?: string) => void; collectLink: (link?: string) => void} {
  return {collectAnchor: () => {}, collectLink: () => {}};
}
