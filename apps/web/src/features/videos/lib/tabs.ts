export type VideoTab = 'description' | 'voiceover' | 'gradients';

/**
 * Which tabs the video page has (document 001 section 2): Description always; Voiceover unless
 * the device is a phone or tablet; Gradients only in the desktop app, for the owner or an admin.
 */
export function visibleTabs(ctx: {
  mobileDevice: boolean;
  electronMode: boolean;
  owner: boolean;
  admin: boolean;
}): VideoTab[] {
  const tabs: VideoTab[] = ['description'];
  if (!ctx.mobileDevice) tabs.push('voiceover');
  if (ctx.electronMode && (ctx.owner || ctx.admin)) tabs.push('gradients');
  return tabs;
}
