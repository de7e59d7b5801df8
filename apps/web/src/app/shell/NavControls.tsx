import { Button } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { isActivePath, type NavLinkItem } from './navItems';
import { openOutside } from './navTargets';

/** One top-bar link; an external one keeps its href but opens in the system browser. */
export function NavLinkButton({ item }: { item: NavLinkItem }) {
  const { pathname } = useLocation();
  const active = !item.external && isActivePath(pathname, item.to);
  const common = {
    size: 'compact-md',
    radius: 'xl',
    fw: 500,
    variant: active ? 'light' : 'subtle',
    color: active ? 'blue' : 'dark',
  } as const;
  if (item.external) {
    return (
      <Button component="a" href={item.to} onClick={openOutside(item.to)} {...common}>
        {item.label}
      </Button>
    );
  }
  return (
    <Button component={Link} to={item.to} aria-current={active ? 'page' : undefined} {...common}>
      {item.label}
    </Button>
  );
}
