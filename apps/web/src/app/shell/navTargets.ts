import { openExternal } from '../../lib/bridge';

/** Absolute address of an app path, for the system browser (desktop mode's Help and Pricing). */
export function absoluteAppUrl(path: string): string {
  return new URL(path, window.location.origin).href;
}

/** Click handler of a link that must leave the app: keeps the href for a11y, opens outside. */
export function openOutside(path: string) {
  return (event: { preventDefault: () => void }) => {
    event.preventDefault();
    openExternal(absoluteAppUrl(path));
  };
}
