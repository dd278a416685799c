// Bundles the server into dist/main.js. npm packages stay external (installed beside it);
// our own workspace packages (TypeScript source) are bundled in.
import fs from 'node:fs';
import { build } from 'esbuild';

const external = {
  name: 'external-npm-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@console/') ? undefined : { path: args.path, external: true }));
  },
};

for (const entry of ['main', 'cli']) {
  if (!fs.existsSync(`src/${entry}.ts`)) continue;
  await build({
    entryPoints: [`src/${entry}.ts`],
    outfile: `dist/${entry}.js`,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    plugins: [external],
    logLevel: 'warning',
  });
}
fs.rmSync('dist/migrations', { recursive: true, force: true });
fs.cpSync('src/db/migrations', 'dist/migrations', { recursive: true });
fs.copyFileSync('src/db/demo-data/sample-video.mp4', 'dist/sample-video.mp4');
