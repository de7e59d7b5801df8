// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { stubMatchMedia } from '../../../test/stubMatchMedia';
import { ResumeRideOffer } from './ResumeRideOffer';
import { storedRide } from '../../../test/storedRideFixture';

const kept = storedRide({
  client_ride_id: 'r',
  accumulated_power: 6000,
  last_elapsed: 29,
  mode: 'reactive',
  difficulty: 100,
  distance: 240,
});

beforeAll(stubMatchMedia);
afterEach(cleanup);

const offer = (props: { onResume?: () => void; canResume?: boolean }) => (
  <MantineProvider>
    <ResumeRideOffer
      ride={kept}
      busy={false}
      error={null}
      onSave={vi.fn()}
      onDiscard={vi.fn()}
      {...props}
    />
  </MantineProvider>
);
const resumeButton = () => screen.queryByRole('button', { name: 'Resume ride' });

describe('ResumeRideOffer', () => {
  it('offers to go on riding a kept ride when it can', () => {
    const onResume = vi.fn();
    render(offer({ onResume }));
    fireEvent.click(resumeButton()!);
    expect(onResume).toHaveBeenCalledOnce();
  });

  it('holds Resume while a reactive ride lacks its timeline, and has none without a handler', () => {
    const { rerender } = render(offer({ onResume: vi.fn(), canResume: false }));
    expect((resumeButton() as HTMLButtonElement).disabled).toBe(true);
    rerender(offer({}));
    expect(resumeButton()).toBeNull();
    expect(screen.getByRole('button', { name: 'Save ride' })).toBeTruthy();
  });
});
