/**
 * Serve a built site until killed: the Playwright webServer command.
 *
 *   npx tsx tests/e2e/support/serve-build.ts [--port 3210] [--dir build]
 */
import {parseArgs} from 'node:util';
import {startStaticServer} from './static-server';

const {values} = parseArgs({options: {port: {type: 'string', default: '3210'}, dir: {type: 'string', default: 'build'}}});
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be an integer in 0..65535, got "${values.port}"`);
  process.exit(2);
}
startStaticServer({root: values.dir, port}).then(
  (server) => {
    console.log(`serving ${values.dir} at ${server.url}`);
    const stop = () => void server.close().then(() => process.exit(0));
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
  },
  (err: Error) => {
    console.error(err.message);
    process.exit(1);
  },
);
