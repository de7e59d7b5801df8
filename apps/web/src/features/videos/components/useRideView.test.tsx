// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useRideView } from './useRideView';

/** A stage whose fullscreen request the browser refuses (no user gesture left). */
function refusingStage() {
  const page = document.body.appendChild(document.createElement('div'));
  const header = page.appendChild(document.createElement('header'));
  const stage = page.appendChild(document.createElement('div'));
  stage.tabIndex = -1;
  stage.requestFullscreen = () => Promise.reject(new Error('no gesture'));
  return { header, stage };
}

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

describe('useRideView', () => {
  it('fills the window when fullscreen is refused, even if the page ended a theatre meanwhile', async () => {
    const { stage } = refusingStage();
    const { result } = renderHook(() => useRideView({ current: stage }));
    await act(async () => {
      result.current.enter();
      // The page's "race mode over" effect runs at mount, as the start signal's ride begins.
      result.current.endTheatre();
    });
    expect(result.current.theatre).toBe(true);
  });

  it('stays in the page when left before the refusal came (a failed Ride with friends)', async () => {
    const { stage } = refusingStage();
    const { result } = renderHook(() => useRideView({ current: stage }));
    await act(async () => {
      result.current.enter();
      result.current.leave();
    });
    expect(result.current.theatre).toBe(false);
  });

  it('makes the page behind inert while it fills the window, and gives the focus back (review M4)', async () => {
    const { header, stage } = refusingStage();
    const { result } = renderHook(() => useRideView({ current: stage }));
    await act(async () => result.current.enter());
    expect(result.current.full).toBe(true);
    expect(header.hasAttribute('inert')).toBe(true);
    act(() => result.current.leave());
    expect(header.hasAttribute('inert')).toBe(false);
    expect(document.activeElement).toBe(stage);
  });
});
