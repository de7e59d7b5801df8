import { Anchor, Box, Burger, Button, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useGeneralStore } from '../../stores/general';
import { selectSignedIn, useUserStore } from '../../stores/user';
import { BrandMark } from '../../components/icons';
import { NavLinkButton, NavMenuButton } from './NavControls';
import { topBarItems } from './navItems';
import { ProfileMenu } from './ProfileMenu';

type TopBarProps = { drawerOpened: boolean; onToggleDrawer: () => void };

/** Brand, the main navigation (md and up; a drawer below that), then Log In or the avatar. */
export function TopBar({ drawerOpened, onToggleDrawer }: TopBarProps) {
  const signedIn = useUserStore(selectSignedIn);
  const desktop = useGeneralStore((s) => s.electronMode);
  const items = topBarItems({ signedIn, desktop });

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
                <NavMenuButton key={item.label} menu={item} />
              ) : (
                <NavLinkButton key={item.label} item={item} />
              ),
            )}
          </Group>
        </Box>
        {signedIn ? (
          <ProfileMenu />
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
