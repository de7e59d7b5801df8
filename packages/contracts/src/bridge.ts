import { z } from 'zod';
import { uploadFormSchema } from './schemas/race.js';

/**
 * The desktop app's inter-process messages (documents 000 and 001, section 7), as the
 * preload script exposes them on `window.desktopBridge`. In a plain browser it is absent.
 *
 * The first group keeps the documents' names and payloads (v1 desktop apps send exactly
 * those). The rest were added with the desktop app 2.5.0: the web sends them only when the
 * app answers to them, and an older app ignores a channel it does not know.
 */
const empty = z.object({}).strict();
const id = z.number().int().positive().max(2_147_483_647);
const url = z.string().min(1).max(4096);

export const desktopMessageSchemas = {
  // Documents 000 and 001, section 7.
  'checkout-session-opened': z.object({ sessionId: z.string().min(1).max(255) }),
  'client-portal-opened': z.object({ portalUrl: url }),
  'fitness-network-portal-opened': z.object({ url }),
  'open-transcoder': z.object({ userId: id }),
  'open-tracker': z.object({ userId: id.nullable() }),
  'clear-browser-cache': empty,
  'external-browser-google-auth': empty,
  'upload-gpx': z.object({
    path: z.string().min(1).max(4096),
    video_url: z.string().min(1).max(255),
    offset: z.number().finite().min(-86_400).max(86_400),
    /**
     * Desktop app 2.5.x: the member's session token; the app posts the file to
     * POST /race/{id}/gpx with it (held for that request only, never stored). v1 pages send
     * none and are told to update.
     */
    authToken: z.string().min(1).max(4096).optional(),
  }),
  'download-audio': z.object({ url }),
  'process-and-upload-audio': z.object({
    video_url: z.string().min(1).max(255),
    layers: z.array(id).max(500),
  }),
  'delete-audio-layer': z.object({
    layerId: id,
    /** Desktop app 2.5.x: as 'upload-gpx', for POST /overlay/{layerId}/delete. */
    authToken: z.string().min(1).max(4096).optional(),
  }),
  'purge-temp': empty,
  // The shell's own (document 000, 'Navigation': Help, Pricing open externally; Quit App).
  'open-external': z.object({ url }),
  'quit-app': empty,
  // Desktop app 2.5.0.
  /** The app's own file dialog for a GPX file; answered by 'gpx-file-picked'. */
  'pick-gpx-file': empty,
  /** Start the loopback listener for Strava's return; answered by 'strava-callback-ready'. */
  'strava-callback-open': empty,
  /** The member's idle timeout (enter_demo_mode_at, seconds; null: never). */
  'demo-idle-settings': z.object({
    enterDemoModeAt: z.number().int().min(1).max(86_400).nullable(),
  }),
  /** A ride's video started or stopped playing (idleness never starts demo mode while it plays). */
  'video-playing': z.object({ playing: z.boolean() }),
  /** The simulated trainer for riders without one (a setting of the app, kept across starts). */
  'set-simulator': z.object({ enabled: z.boolean() }),
  /** Asks for 'desktop-info'. */
  'get-desktop-info': empty,
  /** The uploader window: the app's own file dialog for camera files, in join order. */
  'uploader-pick-files': empty,
  /**
   * Join, compress and upload the picked files (tokens from 'uploader-files-picked'), each
   * cut by its own optional offsets. The page hands the member's session token (the main
   * process keeps it in memory for this upload only, never on disk) and the video's fields.
   */
  'uploader-start': z.object({
    files: z
      .array(
        z.object({
          token: z.string().min(1).max(64),
          startOffset: z.number().finite().min(0).max(86_400).nullable(),
          endOffset: z.number().finite().min(0).max(86_400).nullable(),
        }),
      )
      .min(1)
      .max(50),
    video: uploadFormSchema.pick({
      name: true,
      description: true,
      search_visible: true,
      channel_visible: true,
    }),
    authToken: z.string().min(1).max(4096),
  }),
  /** Stop the running upload (it can be resumed, also after a restart of the app). */
  'uploader-pause': empty,
  /** Resume an upload stopped by 'uploader-pause', a network drop or a restart. */
  'uploader-resume': z.object({ authToken: z.string().min(1).max(4096) }),
  /** Asks for the current upload's state ('uploader-progress'); nothing when there is none. */
  'uploader-status': empty,
  /** Forget the current upload and its temporary files. */
  'uploader-cancel': empty,
} as const;

export type DesktopMessages = {
  [K in keyof typeof desktopMessageSchemas]: z.infer<(typeof desktopMessageSchemas)[K]>;
};
export type DesktopMessageName = keyof DesktopMessages;
export const DESKTOP_MESSAGE_NAMES = Object.keys(desktopMessageSchemas) as DesktopMessageName[];

export interface UploaderFile {
  token: string;
  name: string;
  size: number;
  /** Seconds, when ffprobe could read it. */
  duration: number | null;
}

export type UploaderPhase = 'joining' | 'uploading' | 'processing' | 'paused' | 'done';

export interface DesktopEvents {
  // Documents 000 and 001, section 7.
  'checkout-session-status-changed': { status: string };
  'client-portal-closed': Record<string, never>;
  'upload-gpx-finished': { video_url: string };
  'upload-error': { message: string };
  'electron-audio-processing-complete': { video_url: string };
  // Desktop app 2.5.0.
  'gpx-file-picked': { path: string | null };
  'strava-callback-ready': { redirect_uri: string };
  'strava-callback-received': { code: string; state: string; scope: string };
  'strava-callback-failed': { message: string };
  /** external-browser-google-auth's end: a one-time code for POST /auth/desktop-exchange. */
  'desktop-signin-received': { code: string; code_verifier: string };
  'desktop-signin-failed': { message: string };
  'demo-mode-changed': { on: boolean };
  'desktop-info': {
    version: string;
    platform: string;
    simulator: boolean;
    trackerUrl: string;
    /** The app's own tracker answers at trackerUrl (it starts with the first open-tracker). */
    trackerRunning: boolean;
    /** Why the app's tracker is not running (the port taken by another tracker), for the rider. */
    trackerError: string | null;
  };
  'uploader-files-picked': { files: UploaderFile[] };
  'uploader-progress': {
    phase: UploaderPhase;
    /** 0-100 of the phase. */
    percent: number;
    bytesSent: number;
    bytesTotal: number;
  };
  'uploader-finished': { race_url: string };
  'uploader-error': { message: string };
}
export type DesktopEventName = keyof DesktopEvents;

/** Channels of the preload script's own (not on the bridge): user input, for the idle timer. */
export const DESKTOP_INTERNAL_CHANNELS = { userActivity: 'desktop:user-activity' } as const;

export interface DesktopBridge {
  send<K extends keyof DesktopMessages>(channel: K, payload: DesktopMessages[K]): void;
  on<K extends keyof DesktopEvents>(
    channel: K,
    listener: (payload: DesktopEvents[K]) => void,
  ): () => void;
  /** The app's version (2.5.0 and later; absent in older apps). */
  readonly version?: string;
}
