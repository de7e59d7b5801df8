import { Fragment } from 'react';
import { Avatar, Menu, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { getDesktopBridge } from '../../lib/bridge';
import { openConnectDevice } from '../../lib/connectDevice';
import { useGeneralStore } from '../../stores/general';
import { useUserStore } from '../../stores/user';
import { initialsOf, profileMenuItems, type ProfileAction } from './navItems';
import { useLogout } from './useLogout';

/** The signed-in user's avatar menu: profile, channel, desktop actions and Log Out. */
export function ProfileMenu() {
  const user = useUserStore((s) => s.user);
  const desktop = useGeneralStore((s) => s.electronMode);
  const logout = useLogout();
  const entries = profileMenuItems({ signedIn: user.userId !== '', desktop });
  if (entries.length === 0) return null;

  const userId = Number(user.userId);
  const run: Partial<Record<ProfileAction, () => void>> = {
    'connect-device': () => openConnectDevice(userId),
    'upload-videos': () => getDesktopBridge()?.send('open-transcoder', { userId }),
    'quit-app': () => getDesktopBridge()?.send('quit-app', {}),
    logout: () => void logout(),
  };

  return (
    <Menu position="bottom-end" shadow="lg" radius="md" width={220} withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label="Profile menu" style={{ borderRadius: '50%' }}>
          <Avatar
            src={user.photo_url || null}
            alt={user.display_name ?? 'Profile'}
            radius="xl"
            color="blue"
            variant="gradient"
            gradient={{ from: 'blue', to: 'cyan', deg: 135 }}
          >
            {initialsOf(user)}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {user.display_name ? (
          <Menu.Label>
            <Text size="sm" fw={600} c="dark" truncate>
              {user.display_name}
            </Text>
          </Menu.Label>
        ) : null}
        {entries.map((entry) => {
          const divider = entry.action === 'logout' || entry.action === 'connect-device';
          const item = entry.to ? (
            <Menu.Item component={Link} to={entry.to}>
              {entry.label}
            </Menu.Item>
          ) : (
            <Menu.Item
              color={entry.action === 'logout' ? 'red' : undefined}
              onClick={run[entry.action]}
            >
              {entry.label}
            </Menu.Item>
          );
          return (
            <Fragment key={entry.action}>
              {divider ? <Menu.Divider /> : null}
              {item}
            </Fragment>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
