/**
 * The local search bar, loaded when the reader reaches for it.
 *
 * The plugin's SearchBar imports its generated constants, which evaluate lunr and
 * the en/ko/zh stemmers (and mark.js) in the main bundle of every page, although
 * searching itself runs in a web worker. Until the reader hovers, touches or
 * focuses the box, presses the search shortcut, or lands on a page with search
 * terms to highlight (`?_highlight=`), this renders the same markup with the
 * plugin's own styles and no search code; then it loads the plugin's bar, which
 * takes over the text typed so far and the focus, and fetches the index as before.
 */
import {useCallback, useEffect, useRef, useState, type ComponentType, type ReactNode} from 'react';
import {flushSync} from 'react-dom';
import {translate} from '@docusaurus/Translate';
import {useLocation} from '@docusaurus/router';
import styles from '@easyops-cn/docusaurus-search-local/dist/client/client/theme/SearchBar/SearchBar.module.css';

type SearchBarComponent = ComponentType<Record<string, unknown>>;

/** Loaded once per page session; later pages render the plugin's bar at once. */
let loadedSearchBar: SearchBarComponent | null = null;
let loading: Promise<SearchBarComponent> | null = null;
function loadSearchBar(): Promise<SearchBarComponent> {
  loading ??= import('@theme-original/SearchBar').then((m: {default: SearchBarComponent}) => (loadedSearchBar = m.default));
  return loading;
}

/** The plugin's default shortcut (searchBarShortcutKeymap "mod+k"; the site keeps it). */
const isShortcut = (e: KeyboardEvent) => e.key.toLowerCase() === 'k' && (e.metaKey || e.ctrlKey) && !e.altKey && !e.shiftKey;

/** Typed text, focus and hover move from the placeholder to the plugin's input. */
interface Handover {
  value: string;
  focused: boolean;
  hovered: boolean;
}

function handOver(input: HTMLInputElement, {value, focused, hovered}: Handover) {
  if (value) {
    // Through the native setter, so React's onChange sees the text.
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
    input.dispatchEvent(new Event('input', {bubbles: true}));
  }
  // The plugin starts fetching the index on mouseenter (React derives it from mouseover).
  if (hovered) input.dispatchEvent(new MouseEvent('mouseover', {bubbles: true}));
  if (focused) input.focus();
}

export default function SearchBarLoader(props: Record<string, unknown>): ReactNode {
  const [SearchBar, setSearchBar] = useState<SearchBarComponent | null>(() => loadedSearchBar);
  // The placeholder stays in place (and keeps the keystrokes) until the plugin's bar is mounted.
  const [handedOver, setHandedOver] = useState(() => loadedSearchBar !== null);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const placeholderRef = useRef<HTMLInputElement>(null);
  const {search} = useLocation();

  const load = useCallback(() => {
    void loadSearchBar().then((component) => setSearchBar(() => component));
  }, []);

  useEffect(() => {
    if (!SearchBar || handedOver) return undefined;
    // After a macrotask: on mount the plugin's bar schedules one that empties its input.
    const timer = setTimeout(() => {
      const placeholder = placeholderRef.current;
      const state = placeholder && {value: placeholder.value, focused: document.activeElement === placeholder, hovered: placeholder.matches(':hover')};
      // In one task: no keystroke falls between the two inputs.
      flushSync(() => setHandedOver(true));
      const input = wrapperRef.current?.querySelector('input');
      if (input && state) handOver(input, state);
    });
    return () => clearTimeout(timer);
  }, [SearchBar, handedOver]);

  // The plugin's bar marks `?_highlight=` terms in the article: load it for such pages.
  useEffect(() => {
    if (!SearchBar && new URLSearchParams(search).has('_highlight')) load();
  }, [SearchBar, search, load]);

  useEffect(() => {
    if (handedOver) return undefined; // the plugin's bar listens for the shortcut itself
    const onKeyDown = (e: KeyboardEvent) => {
      if (!isShortcut(e)) return;
      e.preventDefault();
      placeholderRef.current?.focus(); // focusing loads the bar
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [handedOver]);

  const label = translate({id: 'theme.SearchBar.label', message: 'Search', description: 'The ARIA label and placeholder for search button'});
  return (
    <>
      {SearchBar && (
        <div ref={wrapperRef} style={{display: handedOver ? 'contents' : 'none'}}>
          <SearchBar {...props} />
        </div>
      )}
      {!handedOver && (
        <div className={`navbar__search ${styles.searchBarContainer}`} dir="ltr">
          <svg aria-hidden="true" className={styles.searchIcon} focusable="false" viewBox="0 0 16 16">
            <path
              fill="currentColor"
              d="M6.02945 10.20327a4.17382 4.17382 0 1 1 4.17382-4.17382 4.15609 4.15609 0 0 1-4.17382 4.17382Zm9.69195 4.2199-4.8225-4.82338A5.88021 5.88021 0 0 0 12.058 6.02856 6.00467 6.00467 0 1 0 9.59979 10.8989l4.82338 4.82338a.89729.89729 0 0 0 1.29912 0 .89749.89749 0 0 0-.00087-1.29909Z"
            />
          </svg>
          <input
            ref={placeholderRef}
            placeholder={label}
            aria-label={label}
            className={`navbar__search-input ${styles.searchInput}`}
            onMouseEnter={load}
            onTouchStart={load}
            onFocus={load}
          />
        </div>
      )}
    </>
  );
}
