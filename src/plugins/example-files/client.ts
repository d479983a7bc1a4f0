/**
 * The client side of the example-files plugin: the highlighted HTML of the code
 * block being rendered, handed from <ExampleFile> through Docusaurus' CodeBlock
 * to its Content (src/theme/CodeBlock/Content), which shows it instead of
 * tokenising the code again.
 */
import {createContext} from 'react';

export const PrerenderedCode = createContext<string | undefined>(undefined);
