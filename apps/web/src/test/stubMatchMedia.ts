import { vi } from 'vitest';

/** jsdom has no matchMedia; Mantine asks it for the colour scheme and breakpoints: none match. */
export function stubMatchMedia(): void {
  window.matchMedia = vi.fn(() => ({
    matches: false,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
}
