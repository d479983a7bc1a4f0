/**
 * The client side of the code-highlight plugin: the highlighted HTML of the
 * code block being rendered, handed from src/theme/CodeBlock through
 * Docusaurus' CodeBlock to its Content (src/theme/CodeBlock/Content).
 */
import {createContext} from 'react';

export const HighlightedHtml = createContext<string | undefined>(undefined);
