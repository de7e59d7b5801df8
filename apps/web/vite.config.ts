import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API runs on the same origin in production; in `vite dev` it is proxied to the server.
export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:8080', '/healthz': 'http://localhost:8080' },
  },
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 1500 },
});
