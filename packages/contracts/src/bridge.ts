/**
 * The desktop app's inter-process messages (documents 000 and 001, section 7), as the
 * preload script exposes them on `window.desktopBridge`. In a plain browser it is absent.
 */
export interface DesktopMessages {
  'checkout-session-opened': { sessionId: string };
  'client-portal-opened': { portalUrl: string };
  'fitness-network-portal-opened': { url: string };
  'open-transcoder': { userId: number };
  'open-tracker': { userId: number | null };
  'clear-browser-cache': Record<string, never>;
  'external-browser-google-auth': Record<string, never>;
  'open-external': { url: string };
  'quit-app': Record<string, never>;
  'upload-gpx': { path: string; video_url: string; offset: number };
  'download-audio': { url: string };
  'process-and-upload-audio': { video_url: string; layers: number[] };
  'delete-audio-layer': { layerId: number };
  'purge-temp': Record<string, never>;
}

export interface DesktopEvents {
  'checkout-session-status-changed': { status: string };
  'client-portal-closed': Record<string, never>;
  'upload-gpx-finished': { video_url: string };
  'upload-error': { message: string };
  'electron-audio-processing-complete': { video_url: string };
}

export interface DesktopBridge {
  send<K extends keyof DesktopMessages>(channel: K, payload: DesktopMessages[K]): void;
  on<K extends keyof DesktopEvents>(
    channel: K,
    listener: (payload: DesktopEvents[K]) => void,
  ): () => void;
}
