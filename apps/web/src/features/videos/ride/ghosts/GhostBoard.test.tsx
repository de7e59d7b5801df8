// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stubMatchMedia } from '../../../../test/stubMatchMedia';
import { boardRows } from './ghostBoard';
import { GhostBoard } from './GhostBoard';
import { ghostRide } from './ghostFixtures';

beforeEach(() => stubMatchMedia());
afterEach(cleanup);

const rows = boardRows({ distance: 1000, power: 280, weight: 70 }, [
  {
    ride: ghostRide(1, { display_name: 'Ada' }),
    place: { distance: 1085, gapMetres: 85, gapSeconds: 12, gapEstimated: false, power: 350 },
  },
  {
    ride: ghostRide(2, { display_name: 'Bo', weight: null }),
    place: { distance: 915, gapMetres: -85, gapSeconds: -9.6, gapEstimated: false, power: 200 },
  },
  { ride: ghostRide(3, { display_name: 'Far' }), place: null },
]);

describe('GhostBoard', () => {
  it('lists the rider and the ghosts by distance with gaps and W/kg, axe clean', async () => {
    const { container } = render(
      <MantineProvider>
        <main>
          <GhostBoard rows={rows} units="metric" />
        </main>
      </MantineProvider>,
    );
    const board = screen.getByRole('region', { name: 'Ghosts' });
    const lines = within(board)
      .getAllByTestId('ghost-row')
      .map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent));
    expect(lines).toEqual([
      ['Ada', '+12 s · +85 m', '5.0 W/kg'],
      ['You', '', '4.0 W/kg'],
      ['Bo', '\u221210 s · \u221285 m', '—'],
      ['Far', '—', '—'],
    ]);
    expect(within(board).getByRole('row', { current: true }).textContent).toContain('You');
    const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((v) => v.id)).toEqual([]);
  });

  it('writes distance gaps in feet for imperial members', () => {
    render(
      <MantineProvider>
        <GhostBoard rows={rows} units="imperial" />
      </MantineProvider>,
    );
    expect(screen.getAllByTestId('ghost-gap')[0]?.textContent).toBe('+12 s · +279 ft');
  });
});
