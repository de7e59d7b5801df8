import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const SHELL_SCROLL_CLASSES = '\0ridealong:app-shell-scroll-classes';

/**
 * Mantine's AppShell header and footer import react-remove-scroll only to read two class names
 * (RemoveScroll.classNames) that keep them clear of the scrollbar while a modal locks scrolling.
 * That import put the whole scroll-lock library (~4 KB gzipped) into every first load. Here the
 * AppShell gets the same names from the library's constants module; Modal and Drawer still load
 * the real library with their own chunks, and its styles still find the header by those names.
 */
function appShellScrollClasses(): Plugin {
  return {
    name: 'ridealong:app-shell-scroll-classes',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      const fromAppShell =
        importer && /[\\/]@mantine[\\/]core[\\/].*[\\/]AppShell[\\/]/.test(importer);
      return source === 'react-remove-scroll' && fromAppShell ? SHELL_SCROLL_CLASSES : null;
    },
    load(id) {
      if (id !== SHELL_SCROLL_CLASSES) return null;
      return [
        "import { fullWidthClassName, zeroRightClassName } from 'react-remove-scroll-bar/constants';",
        'export const RemoveScroll = {',
        '  classNames: { fullWidth: fullWidthClassName, zeroRight: zeroRightClassName },',
        '};',
      ].join('\n');
    },
  };
}

// The API and the ride channel run on the same origin in production; in `vite dev` they are
// proxied to the server (Socket.IO with its WebSocket upgrade).
export default defineConfig({
  plugins: [react(), appShellScrollClasses()],
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
