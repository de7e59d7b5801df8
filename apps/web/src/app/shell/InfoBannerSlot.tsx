import { useUiStore } from '../../stores/ui';

/**
 * Where the dismissible subscription banner goes (document 000 sections 2 and 4). The billing
 * issue fills it from the user's account level; it already follows `showAlert` so dismissing
 * (setShowAlert(false)) hides it for the session.
 */
export function InfoBannerSlot() {
  const showAlert = useUiStore((s) => s.showAlert);
  if (!showAlert) return null;
  return null;
}
