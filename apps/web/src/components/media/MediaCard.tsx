import type { ReactNode } from 'react';
import { Anchor, AspectRatio, Badge, Box, Card, Image, Stack, ThemeIcon } from '@mantine/core';
import { Link } from 'react-router';
import { MountainIcon } from '../icons';
import classes from './cards.module.css';

/** The channel a card links to with 'from {channel}'. */
export type ChannelRef = { id: number; title: string };

/** Shown when a video has no poster yet, or its image fails to load. */
export const PLACEHOLDER_THUMBNAIL = '/placeholder-video.svg';

type MediaCardProps = {
  to: string;
  title: string;
  /** Null while a video has no poster yet: a placeholder shows. */
  thumbnail: string | null;
  /** Bottom-right badge on the thumbnail, e.g. the duration '32:10'. */
  badge?: string;
  badgeLabel?: string;
  /** Gradient data present: a small mountain marks it. */
  hasSlope?: boolean;
  /** A ready video without slope data says so where the mountain would be. */
  noSlopeText?: string;
  /** Top-right: the plan a gated video needs, e.g. 'Pro' (planBadge.ts). */
  plan?: { label: string; description: string } | null;
  channel?: ChannelRef;
  children?: ReactNode;
  testId: string;
};

/** A dark label over the thumbnail (readable on any poster). */
const OVERLAY_BADGE = {
  pos: 'absolute',
  radius: 'sm',
  variant: 'filled',
  color: 'dark',
  style: { backgroundColor: 'rgba(0, 0, 0, 0.72)', textTransform: 'none' },
} as const;

/**
 * The card every carousel and gallery shares (document 000 section 2): thumbnail, duration badge, optional
 * gradient icon, title and a 'from {channel}' link. The thumbnail repeats the title link, so
 * it is hidden from assistive tech and the tab order.
 */
export function MediaCard(props: MediaCardProps) {
  const { to, title, thumbnail, badge, badgeLabel, hasSlope, channel, children, testId } = props;
  const { noSlopeText, plan } = props;
  return (
    <Card
      component="article"
      aria-label={title}
      data-testid={testId}
      className={classes.card}
      radius="lg"
      padding="md"
      shadow="sm"
      withBorder
    >
      <Card.Section pos="relative">
        <Link to={to} className={classes.thumb} tabIndex={-1} aria-hidden="true">
          <AspectRatio ratio={16 / 9}>
            <Image
              src={thumbnail ?? PLACEHOLDER_THUMBNAIL}
              fallbackSrc={PLACEHOLDER_THUMBNAIL}
              alt=""
              loading="lazy"
            />
          </AspectRatio>
        </Link>
        {hasSlope ? (
          <ThemeIcon
            pos="absolute"
            top={10}
            left={10}
            size="md"
            radius="xl"
            variant="gradient"
            gradient={{ from: 'orange', to: 'red', deg: 135 }}
            role="img"
            aria-label="Gradient data"
            title="Slope data drives your trainer"
          >
            <MountainIcon size={16} />
          </ThemeIcon>
        ) : noSlopeText ? (
          <Badge {...OVERLAY_BADGE} top={10} left={10} data-testid="no-slope-badge">
            {noSlopeText}
          </Badge>
        ) : null}
        {plan ? (
          <Badge
            pos="absolute"
            top={10}
            right={10}
            radius="sm"
            variant="filled"
            color="violet.9"
            title={plan.description}
            data-testid="plan-badge"
          >
            {plan.label}
          </Badge>
        ) : null}
        {badge ? (
          <Badge
            pos="absolute"
            bottom={10}
            right={10}
            radius="sm"
            variant="filled"
            color="dark"
            aria-label={badgeLabel}
            style={{ backgroundColor: 'rgba(0, 0, 0, 0.72)', textTransform: 'none' }}
          >
            {badge}
          </Badge>
        ) : null}
      </Card.Section>
      <Stack gap={4} mt="sm">
        <Anchor component={Link} to={to} c="dark" fw={700} lineClamp={1} underline="hover">
          {title}
        </Anchor>
        {children}
        {channel ? (
          <Box>
            <Anchor component={Link} to={`/channel/${channel.id}`} size="sm" c="dimmed">
              from {channel.title}
            </Anchor>
          </Box>
        ) : null}
      </Stack>
    </Card>
  );
}
