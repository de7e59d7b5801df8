import { createMediaRunner, type MediaRunner } from '@ridealong/media';
import type { DesktopConfig } from '../config.js';
import { fileHandlers, type FileMessages } from '../files/handlers.js';
import { createPickedFiles } from '../files/picked-files.js';
import type { DesktopPorts, MessageHandlers } from '../ports.js';
import type { WindowRegistry } from '../window-registry.js';
import { uploaderHandlers, type UploaderMessages } from './handlers.js';
import { createUploaderSession, type UploaderSession } from './session.js';
import { createUploadStateStore } from './state-store.js';

export interface UploaderFeature {
  /** uploaderHandlers and fileHandlers over one registry of picked files. */
  handlers: Pick<MessageHandlers, UploaderMessages | FileMessages>;
  session: UploaderSession;
  /** The app quits: work in flight stops; a pending upload stays resumable. */
  dispose(): Promise<void>;
}

/**
 * What the core (desktop-app.ts) calls once: the uploader and the owner tools' file messages,
 * sharing the picked-files registry (a file picked in one is never usable by the other kind).
 */
export function createUploaderFeature(input: {
  ports: DesktopPorts;
  config: Pick<DesktopConfig, 'serverUrl' | 'origin'>;
  windows: WindowRegistry;
  runner?: MediaRunner;
}): UploaderFeature {
  const { ports, config, windows } = input;
  const runner = input.runner ?? createMediaRunner();
  const picked = createPickedFiles();
  // Read per request, so the adapter (or a test) may swap the port's fetch while the app runs.
  const portFetch: typeof fetch = (url, init) => ports.fetch(url, init);
  const session = createUploaderSession({
    runner,
    fetch: portFetch,
    serverUrl: config.serverUrl,
    paths: ports.paths,
    store: createUploadStateStore(ports.paths.userData),
    log: ports.log,
    emit: (channel, payload) => {
      const w = windows.get('uploader');
      if (w && !w.isDestroyed()) w.send(channel, payload);
    },
  });
  return {
    handlers: {
      ...uploaderHandlers({
        windows,
        serverUrl: config.serverUrl,
        system: ports.system,
        picked,
        session,
        runner,
        log: ports.log,
      }),
      ...fileHandlers({
        picked,
        system: ports.system,
        paths: ports.paths,
        origin: config.origin,
        serverUrl: config.serverUrl,
        fetch: portFetch,
        log: ports.log,
        tempInUse: () => session.inUse(),
      }),
    },
    session,
    dispose: () => session.dispose(),
  };
}
