import { describe, expect, it, vi } from 'vitest';
import type { DesktopBridge } from '@ridealong/contracts';
import { deliverPortalUrl } from './billingPortal';

const URL_ = 'https://billing.example.com/session/abc';

describe('deliverPortalUrl', () => {
  it('replaces the page on the web', () => {
    const replace = vi.fn();
    expect(deliverPortalUrl(URL_, { bridge: null, replace })).toBe('web');
    expect(replace).toHaveBeenCalledWith(URL_);
  });

  it('sends client-portal-opened through the bridge in desktop mode and keeps the page', () => {
    const send = vi.fn();
    const bridge: DesktopBridge = { send, on: () => () => undefined };
    const replace = vi.fn();
    expect(deliverPortalUrl(URL_, { bridge, replace })).toBe('desktop');
    expect(send).toHaveBeenCalledWith('client-portal-opened', { portalUrl: URL_ });
    expect(replace).not.toHaveBeenCalled();
  });
});
