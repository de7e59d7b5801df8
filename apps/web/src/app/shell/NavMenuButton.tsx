import { Button, Menu } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { isActivePath, type NavMenuItem } from './navItems';
import { openOutside } from './navTargets';
import { ChevronDownIcon, ExternalIcon } from '../../components/icons';

/** A top-bar drop-down (Training, More). */
export function NavMenuButton({ menu }: { menu: NavMenuItem }) {
  const { pathname } = useLocation();
  const active = menu.items.some((i) => !i.external && isActivePath(pathname, i.to));
  return (
    <Menu position="bottom-start" shadow="lg" radius="md" width={200} withinPortal>
      <Menu.Target>
        <Button
          size="compact-md"
          radius="xl"
          fw={500}
          variant={active ? 'light' : 'subtle'}
          color={active ? 'blue' : 'dark'}
          rightSection={<ChevronDownIcon size={16} />}
        >
          {menu.label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown aria-label={menu.label}>
        {menu.items.map((item) =>
          item.external ? (
            <Menu.Item
              key={item.label}
              component="a"
              href={item.to}
              onClick={openOutside(item.to)}
              rightSection={<ExternalIcon size={14} />}
            >
              {item.label}
            </Menu.Item>
          ) : (
            <Menu.Item key={item.label} component={Link} to={item.to}>
              {item.label}
            </Menu.Item>
          ),
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
