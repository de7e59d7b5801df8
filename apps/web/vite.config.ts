import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API and the ride channel run on the same origin in production; in `vite dev` they are
// proxied to the server (Socket.IO with its WebSocket upgrade).
export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:8080',
      '/healthz': 'http://localhost:8080',
      // The desktop app's stable downloads and update feed (docs/desktop.md).
      '/download/': 'http://localhost:8080',
      '/desktop/releases': 'http://localhost:8080',
      '/socket.io': { target: 'http://localhost:8080', ws: true },
    },
  },
  // The manifest (dist/.vite/manifest.json) maps each source module to its chunk and imports:
  // `npm run bench` reads it to size a guest's first load of the home page.
  build: { outDir: 'dist', sourcemap: true, manifest: true, chunkSizeWarningLimit: 1500 },
});
