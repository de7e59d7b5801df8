// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { stubMatchMedia } from '../../../test/stubMatchMedia';
import { kilometreRoute } from '../../../test/routeFixture';
import { RouteProgress } from './RouteProgress';

const route = kilometreRoute;

/** A <video> whose clock the test sets (jsdom plays nothing). */
function fakeVideo() {
  const video = document.createElement('video');
  let now = 0;
  Object.defineProperty(video, 'currentTime', { get: () => now });
  const seek = (t: number) => {
    now = t;
    act(() => void video.dispatchEvent(new Event('timeupdate')));
  };
  return { video, seek };
}

beforeAll(() => stubMatchMedia());
afterEach(cleanup);

describe('RouteProgress', () => {
  it("moves the rider's marker with the video's time and says the slope ahead", () => {
    const { video, seek } = fakeVideo();
    render(
      <MantineProvider>
        <RouteProgress route={route} units="metric" videoRef={{ current: video }} />
      </MantineProvider>,
    );
    const marker = screen.getByTestId('route-marker');
    expect(parseFloat(marker.style.left)).toBe(0);
    expect(screen.getByTestId('slope-ahead').textContent).toBe('Now 0.0 % · next 200 m 0.0 %');

    seek(45);
    expect(parseFloat(marker.style.left)).toBe(45);
    expect(marker.dataset.distanceM).toBe('450.0');
    expect(screen.getByTestId('slope-ahead').textContent).toBe('Now 0.0 % · next 200 m 3.0 %');

    seek(80);
    expect(parseFloat(marker.style.left)).toBe(80);
    expect(screen.getByTestId('slope-ahead').textContent).toBe('Now 4.0 % · next 200 m 4.0 %');
  });

  it('writes imperial look-ahead in feet', () => {
    const { video, seek } = fakeVideo();
    render(
      <MantineProvider>
        <RouteProgress route={route} units="imperial" videoRef={{ current: video }} compact />
      </MantineProvider>,
    );
    seek(60);
    expect(screen.getByTestId('slope-ahead').textContent).toBe('Now 4.0 % · next 660 ft 4.0 %');
    expect(screen.getByTestId('ride-route')).toBeTruthy();
  });
});
