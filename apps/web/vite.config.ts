import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// The API server listens on 3000 by default (`npm start`); in dev, Vite serves the
// SPA and forwards API calls there, including the `/t/{tenant}/api` prefix form.
const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:3000';

/**
 * Writes `.br` and `.gz` twins of every text asset. The server serves them with
 * @fastify/static's `preCompressed` (it does not compress on the fly), so the
 * ~160 KB gzipped initial JS travels as such instead of ~500 KB raw.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'cardwise-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    writeBundle() {
      const walk = (dir: string) => {
        for (const name of readdirSync(dir)) {
          const path = join(dir, name);
          if (statSync(path).isDirectory()) {
            walk(path);
          } else if (/\.(js|css|html|svg|json)$/.test(name) && statSync(path).size > 1024) {
            const data = readFileSync(path);
            writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
            writeFileSync(
              `${path}.br`,
              brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
            );
          }
        }
      };
      walk(outDir);
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  // Absolute base: the SPA is also served under `/t/{tenant}/...` paths, and its
  // assets must resolve from the origin root there too.
  base: '/',
  build: {
    // The bench reads the manifest to measure the entry chunk and its static imports.
    manifest: true,
    target: 'es2022',
    // React DOM alone is ~200 KB minified; the budget that matters is the gzipped initial JS (bench).
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The header's language picker needs only this list. Left to itself, the bundler put
            // it in the chunk of the contracts' account schemas, and so put zod (~100 KB) into the
            // header's menus, loaded on every page.
            { name: 'languages', test: /packages[\\/]contracts[\\/]src[\\/]languages\.ts$/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '^/t/[^/]+/api': { target: apiTarget, changeOrigin: false },
    },
  },
});
