import { Badge, Group } from '@mantine/core';
import type { PlanBadge } from '../../lib/planBadge';
import { NO_SLOPE_TEXT } from '../../lib/planBadge';

/** A dark label over a thumbnail (readable on any poster). */
export const OVERLAY_BADGE = {
  pos: 'absolute',
  radius: 'sm',
  variant: 'filled',
  color: 'dark',
  style: { backgroundColor: 'rgba(0, 0, 0, 0.72)', textTransform: 'none' },
} as const;

/** The same label in a row on a page. */
const INLINE_DARK = { radius: 'sm', color: 'dark', style: { textTransform: 'none' } } as const;

/** Where a badge sits over a thumbnail, in px from its edges. */
type Corner = { top?: number; right?: number; bottom?: number; left?: number };

type VideoBadgesProps = {
  /** The plan a gated video needs (planBadgeOf), or null. */
  plan: PlanBadge | null;
  /** A ready video without slope data (lacksSlope). */
  noSlope: boolean;
  /** Over a thumbnail, each in its corner; without it, a row under a title. */
  overlay?: { plan: Corner; noSlope: Corner };
};

/**
 * What a video's card, a channel's featured video and the video page say about it beyond its
 * title: the plan it needs and 'No slope data'. One place, so the three read alike.
 */
export function VideoBadges({ plan, noSlope, overlay }: VideoBadgesProps) {
  if (!plan && !noSlope) return null;
  const planBadge = plan ? (
    <Badge
      {...(overlay ? { pos: 'absolute', ...overlay.plan } : {})}
      radius="sm"
      variant="filled"
      color="violet.9"
      title={plan.description}
      data-testid="plan-badge"
    >
      {plan.label}
    </Badge>
  ) : null;
  const slopeBadge = noSlope ? (
    <Badge
      {...(overlay ? { ...OVERLAY_BADGE, ...overlay.noSlope } : INLINE_DARK)}
      data-testid="no-slope-badge"
    >
      {NO_SLOPE_TEXT}
    </Badge>
  ) : null;
  if (overlay) {
    return (
      <>
        {planBadge}
        {slopeBadge}
      </>
    );
  }
  return (
    <Group gap="xs">
      {planBadge}
      {slopeBadge}
    </Group>
  );
}
