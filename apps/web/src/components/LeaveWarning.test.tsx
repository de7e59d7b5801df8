// @vitest-environment jsdom
import { type ReactNode, useState } from 'react';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stubMatchMedia } from '../test/stubMatchMedia';
import { LeaveWarning, useLeaveWarning, type LeaveWarningText } from './LeaveWarning';

const TEXT: LeaveWarningText = {
  title: 'Unsaved work',
  message: 'Are you sure you want to leave? You have unsaved work.',
};

beforeEach(stubMatchMedia);
afterEach(cleanup);

/** A page guarded while `active`, with a link away, a same-page link and the escape hatch. */
function Guarded({ active }: { active: boolean }) {
  const allow = useLeaveWarning(active, TEXT);
  return (
    <>
      <Link to="/other">Away</Link>
      <Link to="/page?tab=2">Same page</Link>
      <button onClick={allow}>Saved</button>
    </>
  );
}

/** The mount-while-needed form, switched by a button as a tab switches it by its state. */
function Mounted() {
  const [on, setOn] = useState(true);
  return (
    <>
      {on ? <LeaveWarning {...TEXT} confirmTestId="leave-anyway" /> : null}
      <button onClick={() => setOn(false)}>Done</button>
      <Link to="/other">Away</Link>
    </>
  );
}

function renderPage(page: ReactNode) {
  const router = createMemoryRouter(
    [
      { path: '/page', element: page },
      { path: '/other', element: <p>The other page</p> },
    ],
    { initialEntries: ['/page'] },
  );
  render(
    <MantineProvider>
      <ModalsProvider>
        <RouterProvider router={router} />
      </ModalsProvider>
    </MantineProvider>,
  );
  return router;
}

/** Fires beforeunload as a closing tab does and says what the page answered. */
function unload() {
  const event = new Event('beforeunload', { cancelable: true }) as BeforeUnloadEvent;
  // jsdom's Event.returnValue is the legacy boolean; a string one stands in for the browser's.
  Object.defineProperty(event, 'returnValue', { value: '', writable: true });
  window.dispatchEvent(event);
  return { prevented: event.defaultPrevented, returnValue: event.returnValue };
}

describe('useLeaveWarning', () => {
  it('asks in a labelled dialog that takes the focus, and Stay keeps the page', async () => {
    const router = renderPage(<Guarded active />);
    fireEvent.click(screen.getByRole('link', { name: 'Away' }));
    const dialog = await screen.findByRole('dialog', { name: TEXT.title });
    expect(within(dialog).getByText(TEXT.message)).toBeTruthy();
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/page');
  });

  it('goes when the rider chooses Leave', async () => {
    const router = renderPage(<Guarded active />);
    fireEvent.click(screen.getByRole('link', { name: 'Away' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('The other page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/other');
  });

  it('stays on Escape', async () => {
    const router = renderPage(<Guarded active />);
    fireEvent.click(screen.getByRole('link', { name: 'Away' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/page');
  });

  it('hands the message to the browser prompt while active', () => {
    renderPage(<Guarded active />);
    expect(unload()).toEqual({ prevented: true, returnValue: TEXT.message });
  });

  it('lets everything through while inactive', async () => {
    const router = renderPage(<Guarded active={false} />);
    expect(unload().prevented).toBe(false);
    fireEvent.click(screen.getByRole('link', { name: 'Away' }));
    expect(await screen.findByText('The other page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/other');
  });

  it('does not ask for a move within the same page', async () => {
    const router = renderPage(<Guarded active />);
    fireEvent.click(screen.getByRole('link', { name: 'Same page' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=2'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('lets the next navigation through at once after the escape hatch', async () => {
    const router = renderPage(<Guarded active />);
    fireEvent.click(screen.getByRole('button', { name: 'Saved' }));
    act(() => void router.navigate('/other'));
    expect(await screen.findByText('The other page')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('LeaveWarning', () => {
  it('guards while mounted, with the given test id on Leave, and stops once unmounted', async () => {
    const router = renderPage(<Mounted />);
    expect(unload().prevented).toBe(true);
    fireEvent.click(screen.getByRole('link', { name: 'Away' }));
    const dialog = await screen.findByRole('dialog', { name: TEXT.title });
    expect(within(dialog).getByTestId('leave-anyway').textContent).toBe('Leave');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(unload().prevented).toBe(false);
    fireEvent.click(screen.getByRole('link', { name: 'Away' }));
    expect(await screen.findByText('The other page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/other');
  });
});
