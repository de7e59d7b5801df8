import type { ReactNode } from 'react';
import { Group, Text, UnstyledButton } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { selectSignedIn, useUserStore } from '../../stores/user';
import { bottomBarItems } from './navItems';
import { isActivePath } from './navItems';
import {
  CalendarIcon,
  ChartIcon,
  LoginIcon,
  PlayCircleIcon,
  UserIcon,
} from '../../components/icons';

const ICONS: Record<string, ReactNode> = {
  '/videos': <PlayCircleIcon />,
  '/events': <CalendarIcon />,
  '/activities': <ChartIcon />,
  '/profile': <UserIcon />,
  '/login': <LoginIcon />,
};

/** The tab bar of small screens: Workouts, Events, Stats, and Log In or Profile. */
export function BottomBar() {
  const signedIn = useUserStore(selectSignedIn);
  const { pathname } = useLocation();
  return (
    <Group component="nav" aria-label="Bottom navigation" h="100%" grow gap={0} wrap="nowrap">
      {bottomBarItems({ signedIn, desktop: false }).map((item) => {
        const active = isActivePath(pathname, item.to);
        return (
          <UnstyledButton
            key={item.label}
            component={Link}
            to={item.to}
            aria-current={active ? 'page' : undefined}
            h="100%"
            c={active ? 'blue.7' : 'gray.7'}
            style={{
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'center',
              justifyContent: 'center',
              gap: 2,
            }}
          >
            {ICONS[item.to]}
            <Text span size="xs" fw={active ? 700 : 500}>
              {item.label}
            </Text>
          </UnstyledButton>
        );
      })}
    </Group>
  );
}
