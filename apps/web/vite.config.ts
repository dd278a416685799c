import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of the build, at the highest
 * levels (it runs once per build, not per request), for the server's static serving to
 * answer with (`preCompressed`). Skipped when the file is under 1 KB or the compressed copy
 * saves under a tenth: the server then sends the file itself.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'console:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = fs
        .readdirSync(outDir, { recursive: true, encoding: 'utf8' })
        .filter((f) => /\.(js|css|html|svg|json|txt|webmanifest)$/.test(f) && !f.startsWith('.'));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(outDir, file);
          const data = fs.readFileSync(full);
          if (data.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(data, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
              },
            }),
            gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
          ]);
          if (br.length < data.length * 0.9) fs.writeFileSync(`${full}.br`, br);
          if (gz.length < data.length * 0.9) fs.writeFileSync(`${full}.gz`, gz);
        }),
      );
    },
  };
}

/** The chunk of a catalogue file: `i18n-<locale>-shell` (common, auth, errors) or `i18n-<locale>-rest`. */
function catalogueChunk(id: string): string | null {
  const match = /i18n[\\/]locales[\\/](\w+)[\\/](\w+)\.json$/.exec(id);
  if (!match) return null;
  return `i18n-${match[1]}-${['common', 'auth', 'errors'].includes(match[2]) ? 'shell' : 'rest'}`;
}

// In development the API runs on :3000 (npm run dev -w apps/server) and Vite proxies to it.
export default defineConfig({
  plugins: [react(), precompress()],
  server: { port: 5173, proxy: { '/api': 'http://127.0.0.1:3000' } },
  // No source maps in the build: the built app is what the public gets (the server refuses
  // `.map` files too); `npm run dev` has them.
  build: {
    outDir: 'dist',
    sourcemap: false,
    manifest: true,
    // The first page's code is one chunk (below); what each page loads, gzipped, has its budget
    // in size-budget.json, which scripts/web-budget.mjs checks in npm test (decision 065).
    chunkSizeWarningLimit: 700,
    // Few files per page (decision 029): over HTTP/1.1 a browser fetches six at a time, so
    // thirty small chunks cost round trips that a phone on a slow network pays for. What the
    // entry needs is one chunk ($initial); a lazy page inlines the common chunks under 32 KB
    // it would otherwise fetch separately (rolldown's experimental option, which requires
    // entry signatures not to be kept: the entry exports nothing).
    rolldownOptions: {
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'] },
            // A language's catalogue is two files, its shell's namespaces and the rest, not one
            // per namespace: a signed-in page asks for the rest beside its session check
            // (decision 065), and a dozen small files would cost round trips.
            { name: catalogueChunk, test: /i18n[\\/]locales[\\/]/ },
          ],
          experimentalInlineCommonChunks: { maxSize: 32 * 1024 },
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // Vitest's default is one fork fewer than the cores, one on a 2-core machine: two keep both busy.
    maxWorkers: 2,
    // A test that opens a screen and goes through it waits several times; with a CPU hog on both
    // cores of a 2-core machine such tests took up to 29 s (1 to 3 s idle), and 20 s timed out
    // there. The bound is for a test that hangs, not for a slow machine; each wait's own bound
    // is asyncUtilTimeout in src/test/setup.ts.
    testTimeout: 60_000,
  },
});
