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
    chunkSizeWarningLimit: 400,
  },
  server: { port: 5173 },
});
