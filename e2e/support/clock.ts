import type { Page } from '@playwright/test';

/**
 * Moves the page's wall clock by `byMs` before any of its scripts run: `Date.now()`, `new
 * Date()` and `Date()` read the shifted time, while timers and `performance` run as usual. A
 * page whose clock is off by minutes, as a rider's computer may be.
 */
export async function shiftPageClock(page: Page, byMs: number): Promise<void> {
  await page.addInitScript((shift: number) => {
    const Real = Date;
    const now = () => Real.now() + shift;
    function Shifted(this: unknown, ...args: unknown[]): Date | string {
      if (!new.target) return new Real(now()).toString();
      // An explicit time stays as given; only "now" moves.
      return Reflect.construct(Real, args.length === 0 ? [now()] : args, new.target) as Date;
    }
    Shifted.prototype = Real.prototype;
    Object.assign(Shifted, { now, parse: Real.parse, UTC: Real.UTC });
    window.Date = Shifted as unknown as DateConstructor;
  }, byMs);
}

/** The page's Date.now() minus the test's own: the shift a page's clock runs at. */
export async function pageClockOffset(page: Page): Promise<number> {
  const before = Date.now();
  const inPage = await page.evaluate(() => Date.now());
  return inPage - (before + Date.now()) / 2;
}
