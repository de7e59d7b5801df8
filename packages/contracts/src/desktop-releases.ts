import { z } from 'zod';

/** One installer the server publishes (GET /api/v1/desktop/downloads). */
export const desktopInstallerSchema = z.object({
  /** The stable download URL on this server (/download/<platform>), redirecting to the file. */
  url: z.string(),
  /** The installer's file name, with its version (RideAlong-2.5.0.dmg). */
  file: z.string(),
  /** Bytes. */
  size: z.number().int().nonnegative(),
  version: z.string(),
});
export type DesktopInstaller = z.infer<typeof desktopInstallerSchema>;

/** What the server publishes for the desktop app, and the versions that may use it. */
export const desktopDownloadsSchema = z.object({
  /** The newest version published for any platform; null when nothing is published. */
  version: z.string().nullable(),
  /** null: no installer published for that platform. */
  platforms: z.object({
    mac: desktopInstallerSchema.nullable(),
    windows: desktopInstallerSchema.nullable(),
    linux: desktopInstallerSchema.nullable(),
  }),
  /** The version gate's list (supportedDesktopVersions). */
  supported_versions: z.array(z.string()),
});
export type DesktopDownloads = z.infer<typeof desktopDownloadsSchema>;
