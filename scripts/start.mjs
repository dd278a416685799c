// `npm start`: install and build what is missing, then run the console on the embedded
// database (./data) at http://localhost:3000. Environment variables: see README.
// The server shares this terminal (stdio inherited): every start prints the demo sign-in details
// and, its output being a terminal, a one-time staff sign-in link (README, "Signing in").
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
