// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RideMode } from '@ridealong/contracts';
import { stubMatchMedia } from '../../../../test/stubMatchMedia';
import { stubResizeObserver } from '../../../../test/stubResizeObserver';
import { PlayerOverlay } from '../../components/PlayerOverlay';
import { RideModeChoice } from './RideModeChoice';

beforeAll(() => {
  stubMatchMedia();
  stubResizeObserver();
});
afterEach(cleanup);

const inMantine = (node: React.ReactNode) => <MantineProvider>{node}</MantineProvider>;

describe('RideModeChoice', () => {
  it('is a radio group named Ride mode with the chosen mode checked and its help', () => {
    render(inMantine(<RideModeChoice value="reactive" onChange={vi.fn()} />));
    const group = screen.getByRole('radiogroup', { name: 'Ride mode' });
    expect(group).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Reactive' }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(screen.getByTestId('ride-mode-help').textContent).toBe('The video follows your speed');
  });

  it('tells a change and shows the steady help', () => {
    const onChange = vi.fn<(mode: RideMode) => void>();
    const { rerender } = render(inMantine(<RideModeChoice value="reactive" onChange={onChange} />));
    fireEvent.click(screen.getByRole('radio', { name: 'Steady' }));
    expect(onChange).toHaveBeenCalledWith('steady');
    rerender(inMantine(<RideModeChoice value="steady" onChange={onChange} />));
    expect(screen.getByTestId('ride-mode-help').textContent).toBe(
      'The video plays at normal speed',
    );
  });

  it('shows beside Start only when the overlay is given the choice', () => {
    const overlay = (rideMode?: { value: RideMode; onChange: (m: RideMode) => void }) =>
      inMantine(
        <PlayerOverlay onPreview={vi.fn()} onStart={vi.fn()} capped={false} rideMode={rideMode} />,
      );
    const { rerender } = render(overlay());
    expect(screen.queryByRole('radiogroup', { name: 'Ride mode' })).toBeNull();
    rerender(overlay({ value: 'steady', onChange: vi.fn() }));
    expect(screen.getByRole('radiogroup', { name: 'Ride mode' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start' })).toBeTruthy();
  });
});
