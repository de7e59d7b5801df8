import { describe, expect, it } from 'vitest';
import {
  bottomBarItems,
  initialsOf,
  isActivePath,
  profileMenuItems,
  topBarItems,
  type NavItem,
} from './navItems';

const labels = (items: NavItem[]) => items.map((i) => i.label);
const guest = { signedIn: false, desktop: false };
const member = { signedIn: true, desktop: false };
const desktopMember = { signedIn: true, desktop: true };

describe('top bar', () => {
  it('shows guests About, Help, Pricing and Download', () => {
    expect(labels(topBarItems(guest))).toEqual(['About', 'Help', 'Pricing', 'Download']);
  });

  it('adds My Stats, Events, Training and More for members', () => {
    expect(labels(topBarItems(member))).toEqual([
      'My Stats',
      'Events',
      'Training',
      'About',
      'Help',
      'Pricing',
      'More',
      'Download',
    ]);
  });

  it('lists the Training and More menus', () => {
    const menus = topBarItems(member).filter((i) => i.kind === 'menu');
    expect(menus.map((m) => [m.label, m.items.map((i) => `${i.label} ${i.to}`)])).toEqual([
      [
        'Training',
        [
          'Featured /featured',
          'Workouts /videos',
          'Channels /explore-channels',
          'Challenges /challenges',
        ],
      ],
      [
        'More',
        [
          'About /about',
          'Help /setup',
          'Pricing /pricing',
          'Terms /terms',
          'Privacy /privacy-policy',
        ],
      ],
    ]);
  });

  it('drops Download in the desktop app and sends Help and Pricing outside', () => {
    const items = topBarItems({ signedIn: false, desktop: true });
    expect(labels(items)).toEqual(['About', 'Help', 'Pricing']);
    expect(items.map((i) => i.kind === 'link' && i.external)).toEqual([false, true, true]);
    const more = topBarItems(desktopMember).find((i) => i.label === 'More');
    expect(
      more?.kind === 'menu' && more.items.filter((i) => i.external).map((i) => i.label),
    ).toEqual(['Help', 'Pricing']);
  });

  it('keeps every link inside the app on the web', () => {
    const all = topBarItems(member).flatMap((i) => (i.kind === 'menu' ? i.items : [i]));
    expect(all.some((i) => i.external)).toBe(false);
  });
});

describe('bottom bar', () => {
  it('ends with Log In for guests and Profile for members', () => {
    expect(bottomBarItems(guest).map((i) => `${i.label} ${i.to}`)).toEqual([
      'Workouts /videos',
      'Events /events',
      'Stats /activities',
      'Log In /login',
    ]);
    expect(bottomBarItems(member).at(-1)).toMatchObject({ label: 'Profile', to: '/profile' });
  });
});

describe('profile menu', () => {
  it('is empty for guests', () => {
    expect(profileMenuItems(guest)).toEqual([]);
  });

  it('has My Profile, My Channel and Log Out on the web', () => {
    expect(profileMenuItems(member).map((e) => e.label)).toEqual([
      'My Profile',
      'My Channel',
      'Log Out',
    ]);
  });

  it('adds the desktop actions in the desktop app', () => {
    expect(profileMenuItems(desktopMember).map((e) => e.action)).toEqual([
      'profile',
      'channel',
      'connect-device',
      'upload-videos',
      'quit-app',
      'logout',
    ]);
  });
});

describe('helpers', () => {
  it('matches a path and its sub-paths only', () => {
    expect(isActivePath('/videos', '/videos')).toBe(true);
    expect(isActivePath('/videos/abc', '/videos')).toBe(true);
    expect(isActivePath('/video/abc', '/videos')).toBe(false);
    expect(isActivePath('/about', '/')).toBe(false);
  });

  it('builds avatar initials', () => {
    expect(initialsOf({ first_name: 'Ada', last_name: 'Lovelace', display_name: 'x' })).toBe('AL');
    expect(initialsOf({ display_name: 'hill climber' })).toBe('HC');
    expect(initialsOf({ display_name: 'rider' })).toBe('RI');
    expect(initialsOf({ display_name: '  ' })).toBe('?');
  });
});
