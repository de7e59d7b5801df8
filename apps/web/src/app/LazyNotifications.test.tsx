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
});
