import { Drawer, NavLink as MantineNavLink, Stack } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useGeneralStore } from '../../stores/general';
import { selectSignedIn, useUserStore } from '../../stores/user';
import { isActivePath, topBarItems, type NavLinkItem } from './navItems';
import { openOutside } from './navTargets';
import { ExternalIcon } from '../../components/icons';
import { useAfterFirstFrame } from '../../lib/useAfterFirstFrame';

/** Below md the top bar's links move into this drawer, opened by the burger. */
export function NavDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const signedIn = useUserStore(selectSignedIn);
  const desktop = useGeneralStore((s) => s.electronMode);
  const { pathname } = useLocation();
  // Loaded on the first opening (AppLayout): mount closed so the drawer still slides in.
  const ready = useAfterFirstFrame();

  const renderLink = (item: NavLinkItem) =>
    item.external ? (
      <MantineNavLink
        key={item.label}
        component="a"
        href={item.to}
        label={item.label}
        rightSection={<ExternalIcon size={14} />}
        onClick={(e) => {
          openOutside(item.to)(e);
          onClose();
        }}
      />
    ) : (
      <MantineNavLink
        key={item.label}
        component={Link}
        to={item.to}
        label={item.label}
        active={isActivePath(pathname, item.to)}
        onClick={onClose}
      />
    );

  return (
    <Drawer opened={opened && ready} onClose={onClose} size="xs" title="RideAlong" hiddenFrom="md">
      <Stack component="nav" aria-label="Site menu" gap={2}>
        {topBarItems({ signedIn, desktop }).map((item) =>
          item.kind === 'menu' ? (
            <MantineNavLink
              key={item.label}
              label={item.label}
              defaultOpened={item.label === 'Training'}
            >
              {item.items.map(renderLink)}
            </MantineNavLink>
          ) : (
            renderLink(item)
          ),
        )}
      </Stack>
    </Drawer>
  );
}
