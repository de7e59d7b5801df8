import { lazyPart, useLazyPart } from '../lib/lazyPart';

/**
 * Mantine's ModalsProvider, loaded with the first page that may open a confirm dialog rather
 * than with the app: it brings Modal, ScrollArea and floating-ui, which a guest's home page
 * never shows (issue 12's first-load budget). `modals.openConfirmModal` reaches the provider
 * through window events, so it needs no place above the pages: App renders it beside the
 * router, and router.tsx loads it alongside every page but home's.
 */
const provider = lazyPart(async () => (await import('@mantine/modals')).ModalsProvider);

/** Resolves once loaded; the provider is then rendered before the page that awaited this. */
export const loadConfirmModals = () => provider.load();

export function ConfirmModals() {
  const Provider = useLazyPart(provider, false);
  return Provider ? <Provider /> : null;
}
