// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubMatchMedia } from '../../../test/stubMatchMedia';
import { OUTAGE_CHOICES_AFTER_MS } from './rideConnection';
import { RideOutage } from './RideOutage';
import { EMPTY_RIDE_SNAPSHOT, type RideSnapshot } from './rideSession';

const ridden: RideSnapshot = { ...EMPTY_RIDE_SNAPSHOT, accumulatedPower: 3000, elapsedSeconds: 17 };

function show(props: { awaySince: number; putOffUntil?: number | null; snapshot?: RideSnapshot }) {
  const handlers = { onKeepWaiting: vi.fn(), onSave: vi.fn(), onDiscard: vi.fn() };
  render(
    <MantineProvider>
      <ModalsProvider>
        <RideOutage
          snapshot={props.snapshot ?? ridden}
          awaySince={props.awaySince}
          putOffUntil={props.putOffUntil ?? null}
          {...handlers}
        />
      </ModalsProvider>
    </MantineProvider>,
  );
  return handlers;
}

beforeEach(() => {
  stubMatchMedia();
});

afterEach(cleanup);

describe('RideOutage', () => {
  it('says it is reconnecting, for how long, and where the ride stands', () => {
    show({ awaySince: Date.now() - 5_200 });
    expect(screen.getByTestId('ride-reconnecting').textContent).toBe('Reconnecting… 5 s');
    expect(screen.getByText(/Your ride is paused at 0:00:17/)).toBeTruthy();
    expect(screen.queryByTestId('ride-outage-choices')).toBeNull();
  });

  it('after two minutes offers to keep waiting, save or discard', () => {
    const handlers = show({ awaySince: Date.now() - OUTAGE_CHOICES_AFTER_MS - 1000 });
    const choices = screen.getByTestId('ride-outage-choices');
    expect(choices.textContent).toContain('out of reach for over 2 minutes');
    fireEvent.click(screen.getByTestId('ride-keep-waiting'));
    expect(handlers.onKeepWaiting).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByTestId('ride-outage-save'));
    expect(handlers.onSave).toHaveBeenCalledOnce();
  });

  it('asks before discarding a ride with power, then discards', async () => {
    const handlers = show({ awaySince: Date.now() - OUTAGE_CHOICES_AFTER_MS - 1000 });
    fireEvent.click(screen.getByTestId('ride-outage-discard'));
    expect(handlers.onDiscard).not.toHaveBeenCalled();
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Discard' }));
    expect(handlers.onDiscard).toHaveBeenCalledOnce();
  });

  it('Keep waiting puts the choices off; a ride without power offers no save', () => {
    show({
      awaySince: Date.now() - OUTAGE_CHOICES_AFTER_MS - 1000,
      putOffUntil: Date.now() + 60_000,
    });
    expect(screen.queryByTestId('ride-outage-choices')).toBeNull();
    cleanup();
    const handlers = show({
      awaySince: Date.now() - OUTAGE_CHOICES_AFTER_MS,
      snapshot: { ...EMPTY_RIDE_SNAPSHOT, elapsedSeconds: 4 },
    });
    expect(screen.queryByTestId('ride-outage-save')).toBeNull();
    fireEvent.click(screen.getByTestId('ride-outage-discard'));
    expect(handlers.onDiscard).toHaveBeenCalledOnce();
  });
});
