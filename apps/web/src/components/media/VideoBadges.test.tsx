// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stubMatchMedia } from '../../test/stubMatchMedia';
import { VideoBadges } from './VideoBadges';

const PRO = { label: 'Pro', description: 'Pro plan video' };
const show = (node: ReactNode) => render(<MantineProvider>{node}</MantineProvider>);

beforeEach(() => stubMatchMedia());
afterEach(cleanup);

describe('VideoBadges', () => {
  it('shows the plan and No slope data, in a row under a title', () => {
    show(<VideoBadges plan={PRO} noSlope />);
    const plan = screen.getByTestId('plan-badge');
    expect(plan.textContent).toBe('Pro');
    expect(plan.getAttribute('title')).toBe('Pro plan video');
    expect(screen.getByTestId('no-slope-badge').textContent).toBe('No slope data');
    expect(plan.style.position).toBe('');
  });

  it('puts each in its corner over a thumbnail', () => {
    show(
      <VideoBadges
        plan={PRO}
        noSlope
        overlay={{ plan: { top: 10, right: 10 }, noSlope: { bottom: 12, left: 12 } }}
      />,
    );
    const plan = screen.getByTestId('plan-badge');
    const slope = screen.getByTestId('no-slope-badge');
    expect(plan.style.position).toBe('absolute');
    // Mantine writes the offsets in rem: 10 px is 0.625rem, 12 px 0.75rem.
    expect([plan.style.top, plan.style.right, plan.style.bottom]).toEqual([
      expect.stringContaining('0.625rem'),
      expect.stringContaining('0.625rem'),
      '',
    ]);
    expect([slope.style.bottom, slope.style.left, slope.style.top]).toEqual([
      expect.stringContaining('0.75rem'),
      expect.stringContaining('0.75rem'),
      '',
    ]);
  });

  it('shows nothing for an everyday video with slope data', () => {
    const { container } = show(<VideoBadges plan={null} noSlope={false} />);
    expect(screen.queryByTestId('plan-badge')).toBeNull();
    expect(screen.queryByTestId('no-slope-badge')).toBeNull();
    expect(container.querySelector('.mantine-Group-root')).toBeNull();
  });
});
