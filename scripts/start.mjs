// `npm start`: install and build what is missing, then run the console on the embedded
// database (./data) at http://localhost:3000. Environment variables: see README.
import path from 'node:path';
import { ensureBuilt, ensureInstalled, root, run } from './lib.mjs';

ensureInstalled();
ensureBuilt();
const code = run(process.execPath, ['--enable-source-maps', '--disable-proto=delete', 'apps/server/dist/main.js'], {
  env: {
    NODE_ENV: process.env.NODE_ENV ?? 'production',
    WEB_DIST_DIR: process.env.WEB_DIST_DIR ?? path.join(root, 'apps/web/dist'),
  },
});
process.exit(code);
