import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  DESKTOP_APP_VERSION,
  DESKTOP_RELEASES_PATH,
  installerFileName,
} from '@ridealong/contracts';
import { PRODUCTION_SERVER_URL } from '../src/main/config.js';

type Target = { target: string; arch: string[] };
type BuilderConfig = {
  appId: string;
  productName: string;
  files: string[];
  asar: boolean;
  electronFuses: Record<string, boolean>;
  publish: Array<{ provider: string; url: string }>;
  mac: Record<string, unknown> & { target: Target[]; artifactName: string };
  dmg: { artifactName: string };
  win: Record<string, unknown> & { target: Target[] };
  nsis: { artifactName: string };
  linux: { target: Target[]; artifactName: string };
  appImage: { artifactName: string };
};

const here = (file: string) => new URL(`../${file}`, import.meta.url);
const config = parse(readFileSync(here('electron-builder.yml'), 'utf8')) as BuilderConfig;
/** electron-builder's ${version} and ${ext} macros, as it expands them. */
const expand = (name: string, ext: string) =>
  name.replace('${version}', DESKTOP_APP_VERSION).replace('${ext}', ext);

describe('electron-builder.yml', () => {
  it('names the installers as the server and the web expect them', () => {
    expect(expand(config.dmg.artifactName, 'dmg')).toBe(installerFileName('mac'));
    expect(expand(config.nsis.artifactName, 'exe')).toBe(installerFileName('windows'));
    expect(expand(config.appImage.artifactName, 'AppImage')).toBe(installerFileName('linux'));
    expect(expand(config.linux.artifactName, 'AppImage')).toBe(installerFileName('linux'));
    // Squirrel.Mac updates from the zip beside the dmg.
    expect(expand(config.mac.artifactName, 'zip')).toBe(`RideAlong-${DESKTOP_APP_VERSION}-mac.zip`);
    expect(config.mac.target.map((t) => t.target)).toEqual(['dmg', 'zip']);
    expect(config.win.target.map((t) => t.target)).toEqual(['nsis']);
    expect(config.linux.target.map((t) => t.target)).toEqual(['AppImage']);
  });

  it("is this repository's app, version and files", () => {
    const pkg = JSON.parse(readFileSync(here('package.json'), 'utf8')) as { version: string };
    expect(pkg.version).toBe(DESKTOP_APP_VERSION);
    expect(config.productName).toBe('RideAlong');
    expect(config.appId).toBe('cc.ridealong.desktop');
    expect(config.files).toEqual(['dist/**', 'package.json']);
    expect(config.asar).toBe(true);
  });

  it("sets the fuses of Electron's security checklist", () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
    });
  });

  it("signs, notarizes and publishes to the production server's feed over HTTPS", () => {
    expect(config.publish).toEqual([
      { provider: 'generic', url: `${PRODUCTION_SERVER_URL}${DESKTOP_RELEASES_PATH}` },
    ]);
    expect(config.publish[0]?.url.startsWith('https://')).toBe(true);
    expect(config.mac).toMatchObject({
      hardenedRuntime: true,
      forceCodeSigning: true,
      notarize: true,
    });
    expect(config.win).toMatchObject({ forceCodeSigning: true, verifyUpdateCodeSignature: true });
    const entitlements = String(config.mac.entitlements);
    expect(existsSync(here(entitlements))).toBe(true);
    expect(readFileSync(here(entitlements), 'utf8')).toContain('com.apple.security.cs.allow-jit');
  });
});
