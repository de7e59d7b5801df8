// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { stubMatchMedia } from '../test/stubMatchMedia';
import { LazyNotifications } from './LazyNotifications';

afterEach(() => {
  cleanup();
  notifications.clean();
});

describe('LazyNotifications', () => {
  it('shows nothing until the first notification, then shows it', async () => {
    stubMatchMedia();
    render(
      <MantineProvider>
        <LazyNotifications />
      </MantineProvider>,
    );
    expect(document.querySelector('.mantine-Notifications-root')).toBeNull();
    act(() => {
      notifications.show({ message: 'Profile saved.' });
    });
    expect(await screen.findByText('Profile saved.')).toBeTruthy();
  });

  it('is drawn inside the element in fullscreen, where the page behind is not shown (review M3)', async () => {
    stubMatchMedia();
    const stage = document.body.appendChild(document.createElement('div'));
    render(
      <MantineProvider>
        <LazyNotifications />
      </MantineProvider>,
    );
    act(() => {
      notifications.show({ message: 'Could not create the event.' });
    });
    await screen.findByText('Could not create the event.');
    act(() => {
      Object.defineProperty(document, 'fullscreenElement', { value: stage, configurable: true });
      document.dispatchEvent(new Event('fullscreenchange'));
    });
    expect(stage.textContent).toContain('Could not create the event.');
    act(() => {
      Reflect.deleteProperty(document, 'fullscreenElement');
      document.dispatchEvent(new Event('fullscreenchange'));
    });
    expect(stage.textContent).toBe('');
    expect(screen.getByText('Could not create the event.')).toBeTruthy();
    stage.remove();
  });
});
