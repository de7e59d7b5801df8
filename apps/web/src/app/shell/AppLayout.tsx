import { useEffect } from 'react';
import { AppShell, Center, Loader } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet, useLocation } from 'react-router';
import { HOME_BODY_TOP_PADDING_PX } from '@ridealong/contracts';
import { getAppTrackerBridge, reconnectsHere } from '../../lib/connectDevice';
import { useGeneralStore } from '../../stores/general';
import { useTrackerStore } from '../../stores/tracker';
import { useUiStore } from '../../stores/ui';
import { BottomBar } from './BottomBar';
import { DesktopBillingReturn } from './DesktopBillingReturn';
import { DesktopStravaReturn } from './DesktopStravaReturn';
import { DesktopDemoMode } from './DesktopDemoMode';
import { DEMO_PATH } from './demoModeNavigation';
import { InfoBannerSlot } from './InfoBannerSlot';
import { pageHidden } from './pageHidden';
import { TopBar } from './TopBar';
import { lazyPart, useLazyPart } from '../../lib/lazyPart';

const BOTTOM_BAR_HEIGHT = 64;

// Both drawers start closed and most visits never open them: their code (the devices feature
// with socket.io and Web Bluetooth, Mantine's Drawer and NavLink) loads on their first opening.
const devices = lazyPart(() => import('../../features/devices'));
const navDrawer = lazyPart(async () => (await import('./NavDrawer')).NavDrawer);

/**
 * The shell around every page. The header is as tall as the home body's top padding (54 px,
 * document 000 section 2), so the main area starts exactly that far down. The bottom bar
 * exists only below the sm breakpoint; above it the footer takes no room.
 */
export function AppLayout() {
  const [drawerOpened, drawer] = useDisclosure(false);
  const NavDrawer = useLazyPart(navDrawer, drawerOpened);
  const { pathname, search } = useLocation();
  // While signing out no page is shown, so no page's own redirect sees a half-finished logout.
  const isLoading = useUiStore((s) => s.isLoading);
  const leavingTo = useUiStore((s) => s.leavingTo);
  const busy = pageHidden({ isLoading, leavingTo, pathname });
  useEffect(() => {
    if (leavingTo !== null && pathname === leavingTo) useUiStore.getState().setLeavingTo(null);
  }, [leavingTo, pathname]);
  const page = busy ? <PageLoader /> : <Outlet />;
  // /terms opened by the desktop app (?electronMode) shows the text alone (document 000 section 2).
  if (pathname === '/terms' && new URLSearchParams(search).has('electronMode')) return page;
  // The attract screen fills the window by itself; demo mode is still followed there.
  if (pathname === DEMO_PATH) {
    return (
      <>
        <DesktopDemoMode />
        {page}
      </>
    );
  }
  return (
    <AppShell
      header={{ height: HOME_BODY_TOP_PADDING_PX }}
      footer={{ height: { base: BOTTOM_BAR_HEIGHT, sm: 0 } }}
      padding={0}
    >
      <AppShell.Header
        withBorder
        style={{
          backgroundColor: 'rgba(255, 255, 255, 0.92)',
          backdropFilter: 'saturate(180%) blur(12px)',
        }}
      >
        <TopBar drawerOpened={drawerOpened} onToggleDrawer={drawer.toggle} />
      </AppShell.Header>
      {NavDrawer ? <NavDrawer opened={drawerOpened} onClose={drawer.close} /> : null}
      <DevicePanelSlot />
      <DesktopBillingReturn />
      <DesktopStravaReturn />
      <DesktopDemoMode />

      <AppShell.Main>
        <InfoBannerSlot />
        {page}
      </AppShell.Main>

      <AppShell.Footer hiddenFrom="sm" withBorder>
        <BottomBar />
      </AppShell.Footer>
    </AppShell>
  );
}

/**
 * The Connect Device panel, from its first opening (the profile menu, or Start on a video), or
 * at once in desktop mode when the page reconnects to a remembered tracker. In
 * the desktop app Connect Device is the app's own window instead, and this keeps the page's
 * tracker connection on the app's tracker.
 */
function DevicePanelSlot() {
  const bridge = getAppTrackerBridge();
  const electronMode = useGeneralStore((s) => s.electronMode);
  // Desktop mode after a reload: the panel's code reconnects to the remembered tracker.
  const reconnect = reconnectsHere(electronMode);
  const panelOpen = useTrackerStore((s) => s.panelOpen);
  const feature = useLazyPart(devices, panelOpen || reconnect || bridge !== null);
  if (!feature) return null;
  return bridge ? <feature.DesktopTrackerLink bridge={bridge} /> : <feature.ConnectDevicePanel />;
}

export function PageLoader() {
  return (
    <Center py={80}>
      <Loader aria-label="Loading" />
    </Center>
  );
}
