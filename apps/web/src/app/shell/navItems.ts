/**
 * What the shell's navigation shows (document 000 section 2, "Navigation"), as pure data so
 * the guest / member / desktop rules are unit-tested apart from the UI.
 */

export type NavContext = {
  signedIn: boolean;
  /** The web app runs inside the desktop shell (general store electronMode). */
  desktop: boolean;
};

export type NavLinkItem = {
  kind: 'link';
  label: string;
  to: string;
  /** Opens in the system browser instead of in the app (Help and Pricing in desktop mode). */
  external: boolean;
};

export type NavMenuItem = { kind: 'menu'; label: string; items: NavLinkItem[] };

export type NavItem = NavLinkItem | NavMenuItem;

export type ProfileAction =
  'profile' | 'channel' | 'connect-device' | 'upload-videos' | 'quit-app' | 'logout';

export type ProfileMenuEntry = { action: ProfileAction; label: string; to?: string };

function link(label: string, to: string, external = false): NavLinkItem {
  return { kind: 'link', label, to, external };
}

/** About, Help and Pricing; in the desktop app Help and Pricing leave the app. */
function infoLinks({ desktop }: NavContext): NavLinkItem[] {
  return [
    link('About', '/about'),
    link('Help', '/setup', desktop),
    link('Pricing', '/pricing', desktop),
  ];
}

export const TRAINING_MENU: NavMenuItem = {
  kind: 'menu',
  label: 'Training',
  items: [
    link('Featured', '/featured'),
    link('Workouts', '/videos'),
    link('Channels', '/explore-channels'),
    link('Challenges', '/challenges'),
  ],
};

/** The top bar's items, left to right (the Log In button and profile menu sit apart). */
export function topBarItems(ctx: NavContext): NavItem[] {
  const items: NavItem[] = [];
  if (ctx.signedIn) {
    items.push(link('My Stats', '/activities'), link('Events', '/events'), TRAINING_MENU);
  }
  items.push(...infoLinks(ctx));
  if (ctx.signedIn) {
    items.push({
      kind: 'menu',
      label: 'More',
      items: [...infoLinks(ctx), link('Terms', '/terms'), link('Privacy', '/privacy-policy')],
    });
  }
  // The installer download is offered in the browser only; the desktop app is already installed.
  if (!ctx.desktop) items.push(link('Download', '/setup'));
  return items;
}

/** The bottom bar on small screens. */
export function bottomBarItems(ctx: NavContext): NavLinkItem[] {
  return [
    link('Workouts', '/videos'),
    link('Events', '/events'),
    link('Stats', '/activities'),
    ctx.signedIn ? link('Profile', '/profile') : link('Log In', '/login'),
  ];
}

/** The signed-in user's avatar menu; the desktop app adds its own window actions. */
export function profileMenuItems(ctx: NavContext): ProfileMenuEntry[] {
  if (!ctx.signedIn) return [];
  const entries: ProfileMenuEntry[] = [
    { action: 'profile', label: 'My Profile', to: '/profile' },
    { action: 'channel', label: 'My Channel', to: '/my-channel' },
  ];
  if (ctx.desktop) {
    entries.push(
      { action: 'connect-device', label: 'Connect Device' },
      { action: 'upload-videos', label: 'Upload Videos' },
      { action: 'quit-app', label: 'Quit App' },
    );
  }
  entries.push({ action: 'logout', label: 'Log Out' });
  return entries;
}

/** Whether a nav target matches the current path (for the active highlight). */
export function isActivePath(pathname: string, to: string): boolean {
  if (to === '/') return pathname === '/';
  return pathname === to || pathname.startsWith(`${to}/`);
}

/** Up to two initials for the avatar fallback. */
export function initialsOf(user: {
  display_name?: string | null;
  first_name?: string | null;
  last_name?: string | null;
}): string {
  const first = user.first_name?.trim();
  const last = user.last_name?.trim();
  if (first || last) return `${first?.[0] ?? ''}${last?.[0] ?? ''}`.toUpperCase();
  const [one = '', two = ''] = (user.display_name ?? '').trim().split(/\s+/);
  const letters = two ? `${one.charAt(0)}${two.charAt(0)}` : one.slice(0, 2);
  return letters ? letters.toUpperCase() : '?';
}
