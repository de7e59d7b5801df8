import { lazyPart, useLazyPart } from '../../lib/lazyPart';
import { useUiStore } from '../../stores/ui';
import { selectSignedIn, useUserStore } from '../../stores/user';

// Only members see a banner: a guest's first load goes without its code (the plan rules, the
// alert and its close button).
const banner = lazyPart(async () => (await import('./InfoBanner')).InfoBanner);

/** Where the subscription banner goes (InfoBanner.tsx), once a member is signed in. */
export function InfoBannerSlot() {
  const showAlert = useUiStore((s) => s.showAlert);
  const signedIn = useUserStore(selectSignedIn);
  const InfoBanner = useLazyPart(banner, showAlert && signedIn);
  return InfoBanner ? <InfoBanner /> : null;
}
