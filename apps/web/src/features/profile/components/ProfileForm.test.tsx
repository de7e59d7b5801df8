// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@ridealong/contracts';
import { useUiStore } from '../../../stores/ui';
import { useUserStore } from '../../../stores/user';
import { failure, fakeApi } from '../../../test/fakeApi';
import { stubMatchMedia } from '../../../test/stubMatchMedia';
import { stubResizeObserver } from '../../../test/stubResizeObserver';
import { fixtureUser, signInAs } from '../../../test/userFixture';
import { ProfileForm } from './ProfileForm';

const MEMBER = 7;

function renderAs(fields: Partial<User>) {
  signInAs(fixtureUser(MEMBER, fields));
  const Form = () => <ProfileForm user={useUserStore((s) => s.user)} />;
  render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={new QueryClient()}>
        <Form />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

/** The update answer: the stored user with the sent fields. */
const echo = (body: unknown) => ({
  json: {
    status: 'success',
    user: { ...fixtureUser(MEMBER, { weight: 70, height: 180 }), ...(body as object) },
  },
});

beforeEach(() => {
  stubMatchMedia();
  stubResizeObserver();
});
afterEach(() => {
  cleanup();
  notifications.clean();
  vi.unstubAllGlobals();
  useUiStore.getState().setProfileFormEditable(false);
  useUserStore.getState().logout();
});

describe('ProfileForm units', () => {
  it('shows weight and height in lb and in to an imperial member', () => {
    renderAs({ units: 'imperial', weight: 70, height: 180 });
    expect(screen.getByLabelText('Weight (lb)')).toHaveProperty('value', '154.3');
    expect(screen.getByLabelText('Height (in)')).toHaveProperty('value', '70.9');
  });

  it('converts what is typed on a switch to metric, saves the choice and says it saved', async () => {
    const api = fakeApi((call) => echo(call.body));
    renderAs({ units: 'imperial', weight: 70, height: 180 });
    fireEvent.click(screen.getByTestId('profile-edit-toggle'));
    fireEvent.click(screen.getByText('Metric (km, m, kg)'));
    expect(screen.getByLabelText('Weight (kg)')).toHaveProperty('value', '70');
    expect(screen.getByLabelText('Height (cm)')).toHaveProperty('value', '180.1');

    fireEvent.click(screen.getByTestId('profile-edit-toggle'));
    await waitFor(() => expect(screen.getByText('Profile saved')).toBeTruthy());
    expect(screen.getByTestId('profile-saved').textContent).toBe('Saved');
    expect(screen.getByTestId('profile-edit-toggle').textContent).toBe('Edit');
    // 70 kg shown unchanged keeps its stored figure; only the choice and the rounded height go.
    expect(api.calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ['PUT', `/user/${MEMBER}/update`, { units: 'metric', height: 180.1 }],
    ]);
    expect(useUserStore.getState().user.units).toBe('metric');
  });

  it("checks the weight against the bounds in the member's units and sends nothing", async () => {
    const api = fakeApi((call) => echo(call.body));
    renderAs({ units: 'imperial', weight: 70, height: 180 });
    fireEvent.click(screen.getByTestId('profile-edit-toggle'));
    fireEvent.change(screen.getByLabelText('Weight (lb)'), { target: { value: '30' } });
    fireEvent.click(screen.getByTestId('profile-edit-toggle'));
    expect(await screen.findByText('Must be between 44.1 and 661.3 lb')).toBeTruthy();
    expect(api.calls).toEqual([]);
    expect(screen.getByTestId('profile-edit-toggle').textContent).toBe('Save');
  });

  it('keeps the form open with the error when saving fails, without the saved sign', async () => {
    fakeApi(() => failure(500, 'The server is down'));
    renderAs({ units: 'metric', weight: 70, height: 180 });
    fireEvent.click(screen.getByTestId('profile-edit-toggle'));
    fireEvent.click(screen.getByText('Imperial (mi, ft, lb)'));
    fireEvent.click(screen.getByTestId('profile-edit-toggle'));
    expect(await screen.findByTestId('profile-save-error')).toBeTruthy();
    expect(screen.queryByText('Profile saved')).toBeNull();
    expect(screen.getByTestId('profile-edit-toggle').textContent).toBe('Save');
  });
});
