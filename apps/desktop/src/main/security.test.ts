import { describe, expect, it } from 'vitest';
import {
  appContentSecurityPolicy,
  isPermissionAllowed,
  secureWebPreferences,
  withContentSecurityPolicy,
} from './security.js';

const origin = 'https://app.ridealong.cc';

describe('secureWebPreferences', () => {
  it('follows the security checklist', () => {
    expect(secureWebPreferences('/app/preload.cjs')).toMatchObject({
      preload: '/app/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
    });
  });
});

describe('isPermissionAllowed', () => {
  const page = `${origin}/profile`;
  it('allows the microphone and full screen for the app origin only', () => {
    expect(
      isPermissionAllowed(
        { permission: 'media', requestingUrl: page, mediaTypes: ['audio'] },
        origin,
      ),
    ).toBe(true);
    expect(isPermissionAllowed({ permission: 'media', requestingUrl: page }, origin)).toBe(true);
    expect(isPermissionAllowed({ permission: 'fullscreen', requestingUrl: page }, origin)).toBe(
      true,
    );
    expect(
      isPermissionAllowed(
        { permission: 'fullscreen', requestingUrl: 'https://evil.example/' },
        origin,
      ),
    ).toBe(false);
    expect(
      isPermissionAllowed(
        { permission: 'media', requestingUrl: 'http://app.ridealong.cc/' },
        origin,
      ),
    ).toBe(false);
  });
  it('denies the camera, iframes and every other permission', () => {
    expect(
      isPermissionAllowed(
        { permission: 'media', requestingUrl: page, mediaTypes: ['audio', 'video'] },
        origin,
      ),
    ).toBe(false);
    expect(
      isPermissionAllowed(
        { permission: 'media', requestingUrl: page, mediaTypes: ['video'] },
        origin,
      ),
    ).toBe(false);
    expect(
      isPermissionAllowed(
        { permission: 'fullscreen', requestingUrl: page, isMainFrame: false },
        origin,
      ),
    ).toBe(false);
    for (const permission of [
      'geolocation',
      'notifications',
      'openExternal',
      'clipboard-read',
      'usb',
      'hid',
      'midi',
    ]) {
      expect(isPermissionAllowed({ permission, requestingUrl: page }, origin), permission).toBe(
        false,
      );
    }
  });
});

describe('content security policy', () => {
  it('allows scripts only from the server and no framing', () => {
    const csp = appContentSecurityPolicy(origin);
    expect(csp).toContain(`script-src 'self' ${origin};`);
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain('wss://app.ridealong.cc');
    expect(csp).toContain('ws://127.0.0.1:*');
  });
  it('is added to the app origin responses that have none', () => {
    const added = withContentSecurityPolicy(
      `${origin}/`,
      { 'Content-Type': ['text/html'] },
      origin,
    );
    expect(added?.['Content-Security-Policy']).toEqual([appContentSecurityPolicy(origin)]);
    expect(
      withContentSecurityPolicy(
        `${origin}/x`,
        { 'content-security-policy': ["default-src 'none'"] },
        origin,
      ),
    ).toBeNull();
    expect(withContentSecurityPolicy('https://cdn.example/v.mp4', {}, origin)).toBeNull();
  });
});
