import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: here('.'),
  publicDir: here('public'),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '@': here('src'),
      '@contracts': here('../functions/contracts'),
    },
  },
  build: {
    outDir: here('dist'),
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    // The largest chunk is the Author panel's Analytics tab with its charting library (~460 kB, ~130 kB
    // gzip), fetched only when that tab opens; the initial JavaScript is measured by bench:api.
    chunkSizeWarningLimit: 500,
  },
  server: { port: 5173 },
});
