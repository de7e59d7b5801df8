import { Anchor, Box, Burger, Button, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useGeneralStore } from '../../stores/general';
import { selectSignedIn, useUserStore } from '../../stores/user';
import { BrandMark } from '../../components/icons';
import { lazyPart, useLazyPart } from '../../lib/lazyPart';
import { NavLinkButton } from './NavControls';
import { topBarItems } from './navItems';

const memberControls = lazyPart(() => import('./memberControls'));
// A stored session shows them at once: fetch them alongside the first page, not after it.
if (selectSignedIn(useUserStore.getState())) void memberControls.load().catch(() => undefined);

type TopBarProps = { drawerOpened: boolean; onToggleDrawer: () => void };

/** Brand, the main navigation (md and up; a drawer below that), then Log In or the avatar. */
export function TopBar({ drawerOpened, onToggleDrawer }: TopBarProps) {
  const signedIn = useUserStore(selectSignedIn);
  const desktop = useGeneralStore((s) => s.electronMode);
  const items = topBarItems({ signedIn, desktop });
  const member = useLazyPart(memberControls, signedIn);

  return (
    <Group h="100%" px={{ base: 'sm', sm: 'lg' }} justify="space-between" wrap="nowrap">
      <Group gap="xs" wrap="nowrap">
        <Burger
          opened={drawerOpened}
          onClick={onToggleDrawer}
          hiddenFrom="md"
          size="sm"
          aria-label={drawerOpened ? 'Close navigation' : 'Open navigation'}
        />
        <Anchor component={Link} to="/" underline="never" aria-label="RideAlong home">
          <Group gap={8} wrap="nowrap">
            <BrandMark />
            <Text
              fw={800}
              fz="xl"
              lts={-0.5}
              variant="gradient"
              gradient={{ from: 'blue.7', to: 'cyan.6', deg: 90 }}
            >
              RideAlong
            </Text>
          </Group>
        </Anchor>
      </Group>

      <Group gap="sm" wrap="nowrap">
        <Box component="nav" aria-label="Main" visibleFrom="md">
          <Group gap={4} wrap="nowrap">
            {items.map((item) =>
              item.kind === 'menu' ? (
                member ? (
                  <member.NavMenuButton key={item.label} menu={item} />
                ) : null
              ) : (
                <NavLinkButton key={item.label} item={item} />
              ),
            )}
          </Group>
        </Box>
        {signedIn ? (
          member ? (
            <member.ProfileMenu />
          ) : null
        ) : (
          <Button
            component={Link}
            to="/login"
            radius="xl"
            variant="gradient"
            gradient={{ from: 'blue', to: 'cyan', deg: 90 }}
          >
            Log In
          </Button>
        )}
      </Group>
    </Group>
  );
}
