import type {ReactNode} from 'react';
import CodeBlock from '@theme/CodeBlock';
import type {ExampleFile as File} from '@site/src/plugins/code-highlight/file';

/**
 * An example file (`import file from '@example-file/<path under examples/>'`) as
 * a Docusaurus code block titled with its path, highlighted at build time by the
 * code-highlight plugin.
 */
export default function ExampleFile({file}: {file: File}): ReactNode {
  return (
    <CodeBlock language={file.language} title={file.path} highlighted={file.html}>
      {file.code}
    </CodeBlock>
  );
}
