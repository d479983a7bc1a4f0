import type {ReactNode} from 'react';
import CodeBlock from '@theme/CodeBlock';
import {PrerenderedCode} from '@site/src/plugins/example-files/client';
import {EXAMPLE_CODE_CLASS, type ExampleFile as File} from '@site/src/plugins/example-files/file';
import '@example-file/tokens.css';

/**
 * An example file as a Docusaurus code block (title, copy and wrap buttons),
 * highlighted at build time by the example-files plugin: the browser runs no
 * Prism for it.
 */
export default function ExampleFile({file}: {file: File}): ReactNode {
  return (
    <PrerenderedCode.Provider value={file.html}>
      <CodeBlock language={file.language} title={file.path} className={EXAMPLE_CODE_CLASS}>
        {file.code}
      </CodeBlock>
    </PrerenderedCode.Provider>
  );
}
