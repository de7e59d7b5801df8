// @vitest-environment jsdom
import { useState } from 'react';
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_GHOSTS, type GhostsResponse } from '@ridealong/contracts';
import { stubMatchMedia } from '../../../../test/stubMatchMedia';
import type { GhostPick } from './ghostBoard';
import { ghostRide, ghostsAnswer } from './ghostFixtures';
import { GhostPicker } from './GhostPicker';

beforeEach(() => stubMatchMedia());
afterEach(cleanup);

let lastPick: GhostPick = 'auto';

function Harness({ data, error = false }: { data?: GhostsResponse; error?: boolean }) {
  const [open, setOpen] = useState(false);
  const [pick, setPick] = useState<GhostPick>('auto');
  lastPick = pick;
  return (
    // env="test": no transitions (jsdom runs none) and no portal.
    <MantineProvider env="test">
      <main>
        <GhostPicker
          open={open}
          onOpenChange={setOpen}
          data={data}
          error={error}
          pick={pick}
          onPick={setPick}
          units="metric"
        />
      </main>
    </MantineProvider>
  );
}

const box = (name: RegExp | string) => screen.getByRole<HTMLInputElement>('checkbox', { name });

describe('GhostPicker', () => {
  it("offers the candidates with the app's choice ticked by default", async () => {
    const { baseElement } = render(<Harness data={ghostsAnswer} />);
    const button = screen.getByRole('button', { name: 'Ghosts' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Ghosts' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(box('Let the app choose').checked).toBe(true);
    expect(box('Your best: #5 Me Before · 1:00:05').checked).toBe(true);
    expect(box('#1 Ada · 1:00:01').checked).toBe(true);
    expect(box('#2 Bo · 1:00:02').checked).toBe(false);
    expect(box('#6 Ed · 12.3 km').checked).toBe(true);
    // Own best once, under its own heading.
    expect(screen.getAllByRole('checkbox', { name: /Me Before/ })).toHaveLength(1);
    expect(screen.getByRole('group', { name: 'Your best' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Leaders' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Around you' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(`4 of ${MAX_GHOSTS} ghosts`);
    const result = await axe.run(baseElement, {
      rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    });
    expect(result.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    expect(dialog).toBeTruthy();
  });

  it("turns a tick into the rider's own pick, and back to the app's", async () => {
    render(<Harness data={ghostsAnswer} />);
    fireEvent.click(screen.getByRole('button', { name: 'Ghosts' }));
    await screen.findByRole('dialog');
    fireEvent.click(box('#2 Bo · 1:00:02'));
    expect(lastPick).toEqual([5, 4, 6, 1, 2]);
    expect(box('Let the app choose').checked).toBe(false);
    fireEvent.click(box(/Me Before/));
    expect(lastPick).toEqual([4, 6, 1, 2]);
    expect(screen.getByRole('button', { name: 'Ghosts (4)' })).toBeTruthy();
    fireEvent.click(box('Let the app choose'));
    expect(lastPick).toBe('auto');
  });

  it(`holds at ${MAX_GHOSTS} ghosts`, async () => {
    const many = Array.from({ length: MAX_GHOSTS }, (_, i) => ghostRide(i + 1));
    const data: GhostsResponse = {
      own: null,
      leaders: many,
      around: [ghostRide(40), ghostRide(41)],
      chosen: many.map((r) => r.track_id),
    };
    render(<Harness data={data} />);
    fireEvent.click(screen.getByRole('button', { name: 'Ghosts' }));
    await screen.findByRole('dialog');
    expect(box(/Rider 40/).disabled).toBe(true);
    fireEvent.click(box(/#1 Rider 1 /));
    expect(box(/Rider 40/).disabled).toBe(false);
    fireEvent.click(box(/Rider 40/));
    expect(lastPick).toHaveLength(MAX_GHOSTS);
    expect(box(/Rider 41/).disabled).toBe(true);
  });

  it('closes on Escape and says when the list is loading or failed', async () => {
    const { rerender } = render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Ghosts' }));
    expect(await screen.findByLabelText('Loading ghosts')).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    rerender(<Harness error />);
    fireEvent.click(screen.getByRole('button', { name: 'Ghosts' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The ghosts could not be loaded.');
  });
});
