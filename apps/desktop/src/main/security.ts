import { isSameOrigin } from './origin.js';

/**
 * Every window's webPreferences (Electron's security checklist): isolated, sandboxed, no Node,
 * no webview, only the preload's bridge. Typed here without Electron; the adapter passes it on.
 */
export interface SecureWebPreferences {
  readonly preload: string;
  readonly contextIsolation: true;
  readonly sandbox: true;
  readonly nodeIntegration: false;
  readonly nodeIntegrationInWorker: false;
  readonly nodeIntegrationInSubFrames: false;
  readonly webSecurity: true;
  readonly allowRunningInsecureContent: false;
  readonly webviewTag: false;
  readonly spellcheck: false;
  readonly navigateOnDragDrop: false;
  readonly safeDialogs: true;
}

export function secureWebPreferences(preloadPath: string): SecureWebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    spellcheck: false,
    navigateOnDragDrop: false,
    safeDialogs: true,
  };
}

export interface PermissionQuery {
  /** Electron's permission name ('media', 'fullscreen', 'geolocation', ...). */
  permission: string;
  /** The requesting page's URL (or origin). */
  requestingUrl: string;
  /** False for a request from an iframe (denied). */
  isMainFrame?: boolean;
  /** For 'media': what is asked ('audio', 'video', 'unknown'); absent when not known. */
  mediaTypes?: readonly string[];
}

/**
 * Only the microphone (voiceovers) and full screen (rides, demo mode), only for the app's
 * origin's main frame; the camera and everything else are denied.
 */
export function isPermissionAllowed(query: PermissionQuery, origin: string): boolean {
  if (query.isMainFrame === false || !isSameOrigin(query.requestingUrl, origin)) return false;
  if (query.permission === 'fullscreen') return true;
  if (query.permission === 'media') return !(query.mediaTypes ?? []).includes('video');
  return false;
}

/**
 * The policy for the app origin's pages when the server sends none (apps/server sets one
 * only on its own small HTML pages). Scripts only from the server; media and images also
 * from the video storage (https) and blobs (the player's MediaSource); connections to the
 * server, https (uploads) and the tracker on the loopback address.
 */
export function appContentSecurityPolicy(origin: string): string {
  const self = `'self' ${origin}`;
  return [
    `default-src ${self}`,
    `script-src ${self}`,
    `style-src ${self} 'unsafe-inline'`,
    `img-src ${self} data: blob: https:`,
    `media-src ${self} data: blob: https:`,
    `font-src ${self} data:`,
    `connect-src ${self} ${origin.replace(/^http/, 'ws')} https: wss: http://127.0.0.1:* ws://127.0.0.1:* http://localhost:* ws://localhost:*`,
    `worker-src ${self} blob:`,
    "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export type ResponseHeaders = Record<string, string | string[]>;

/**
 * The response headers with the app's policy added to a page of the app's origin that came
 * without one; other responses unchanged (null: nothing to change).
 */
export function withContentSecurityPolicy(
  url: string,
  headers: ResponseHeaders,
  origin: string,
): ResponseHeaders | null {
  if (!isSameOrigin(url, origin)) return null;
  const has = Object.keys(headers).some((k) => k.toLowerCase() === 'content-security-policy');
  if (has) return null;
  return { ...headers, 'Content-Security-Policy': [appContentSecurityPolicy(origin)] };
}
