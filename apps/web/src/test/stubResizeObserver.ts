import { vi } from 'vitest';

/**
 * jsdom has no ResizeObserver; Mantine's measuring parts ask for one (moving indicators of
 * segmented controls, table scroll areas). Nothing is measured: none of them ever reports.
 */
export function stubResizeObserver(): void {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}
