import { Alert, Anchor, CloseButton, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { bannerFor } from '@ridealong/contracts';
import { useGeneralStore } from '../../stores/general';
import { useUiStore } from '../../stores/ui';
import { selectSignedIn, useUserStore } from '../../stores/user';
import { dismissBanner, isBannerDismissed, sessionStore } from './bannerDismissal';
import { openOutside } from './navTargets';

/**
 * The dismissible subscription banner (document 000 sections 2 and 4): trial, payment_failed,
 * cancelled and cancelled_period_not_over members see bannerFor()'s text and link. Closing it
 * is remembered for the session per level; `showAlert` (ui state) can still hide it entirely.
 * Loaded by InfoBannerSlot for signed-in members only.
 */
export function InfoBanner() {
  const showAlert = useUiStore((s) => s.showAlert);
  const signedIn = useUserStore(selectSignedIn);
  const user = useUserStore((s) => s.user);
  const electronMode = useGeneralStore((s) => s.electronMode);
  // Bumped on close so the component re-reads the stored dismissal.
  const [, setClosed] = useState(0);

  const banner = signedIn ? bannerFor(user) : null;
  if (!showAlert || !banner || isBannerDismissed(banner.level, sessionStore())) return null;

  const close = () => {
    dismissBanner(banner.level, sessionStore());
    setClosed((n) => n + 1);
  };
  // Pricing opens in the system browser in the desktop app, like the top bar's link.
  const outside = electronMode && banner.link.to === '/pricing';
  return (
    <Alert
      color="yellow"
      radius={0}
      py="xs"
      role="status"
      data-testid="info-banner"
      data-level={banner.level}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm" data-testid="info-banner-message">
          {banner.message}{' '}
          <Anchor
            component={Link}
            to={banner.link.to}
            onClick={outside ? openOutside(banner.link.to) : undefined}
            fw={600}
            size="sm"
            data-testid="info-banner-link"
          >
            {banner.link.label}
          </Anchor>
        </Text>
        <CloseButton
          aria-label="Dismiss this message"
          onClick={close}
          data-testid="info-banner-close"
        />
      </Group>
    </Alert>
  );
}
