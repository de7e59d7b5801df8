// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubMatchMedia } from '../../../test/stubMatchMedia';
import { NOT_RANKED_EXPLANATION } from '../lib/rideMarks';
import { RideMarks } from './RideMarks';

function show(ride: Parameters<typeof RideMarks>[0]['ride']) {
  return render(
    <MantineProvider>
      <main>
        <RideMarks ride={ride} />
      </main>
    </MantineProvider>,
  );
}

/** axe's rules that jsdom can answer (no layout, so no colour contrast). */
async function violations(container: HTMLElement) {
  const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((v) => `${v.id}: ${v.help}`);
}

beforeEach(() => stubMatchMedia());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('RideMarks', () => {
  it('marks a reactive ride at 80 % as not ranked, explained to the eye and to screen readers', async () => {
    const { container } = show({ ride_mode: 'reactive', difficulty: 80 });
    expect(screen.getByTestId('ride-mode')).toHaveProperty('textContent', 'Reactive');
    const difficulty = screen.getByTestId('ride-difficulty');
    expect(difficulty.textContent).toBe('Difficulty 80 % · not ranked');
    const described = document.getElementById(difficulty.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe(NOT_RANKED_EXPLANATION);
    // The tooltip opens on focus (keyboard) as on hover.
    fireEvent.focus(difficulty);
    expect((await screen.findByRole('tooltip')).textContent).toBe(NOT_RANKED_EXPLANATION);
    expect(await violations(container)).toEqual([]);
  });

  it('shows a steady ride at 100 % with its mode only', async () => {
    const { container } = show({ ride_mode: 'steady', difficulty: 100 });
    expect(screen.getByTestId('ride-mode').textContent).toBe('Steady');
    expect(screen.queryByTestId('ride-difficulty')).toBeNull();
    expect(await violations(container)).toEqual([]);
  });

  it("reads an older server's answer without the fields as steady at 100 %", () => {
    show({});
    expect(screen.getByTestId('ride-mode').dataset.mode).toBe('steady');
    expect(screen.queryByTestId('ride-difficulty')).toBeNull();
  });
});
