import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server listens on 3000 by default (`npm start`); in dev, Vite serves the
// SPA and forwards API calls there, including the `/t/{tenant}/api` prefix form.
const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  // Absolute base: the SPA is also served under `/t/{tenant}/...` paths, and its
  // assets must resolve from the origin root there too.
  base: '/',
  build: {
    // The bench reads the manifest to measure the entry chunk and its static imports.
    manifest: true,
    // React DOM alone is ~200 KB minified; the budget that matters is the gzipped initial JS (bench).
    chunkSizeWarningLimit: 600,
    target: 'es2022',
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '^/t/[^/]+/api': { target: apiTarget, changeOrigin: false },
    },
  },
});
