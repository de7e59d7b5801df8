/** Whether this browser offers Web Bluetooth (Chrome and Edge on desktop and Android). */
export function hasWebBluetooth(): boolean {
  return typeof navigator !== 'undefined' && 'bluetooth' in navigator;
}
