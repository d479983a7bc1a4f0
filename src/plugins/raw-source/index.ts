/**
 * `import text from '@site/examples/eks-cni/fqdn-policy.yaml?raw'`: a file's
 * text as a string, so pages show the example files the tests validate
 * instead of pasted copies. webpack's built-in asset/source, no loader needed.
 */
import type {Plugin} from '@docusaurus/types';

export default function rawSourcePlugin(): Plugin {
  return {
    name: 'raw-source',
    configureWebpack() {
      return {module: {rules: [{resourceQuery: /raw/, type: 'asset/source'}]}};
    },
  };
}
