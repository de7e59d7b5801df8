import type { ReactNode } from 'react';
import { Anchor, AspectRatio, Badge, Box, Card, Image, Stack, ThemeIcon } from '@mantine/core';
import { Link } from 'react-router';
import type { PlanBadge } from '../../lib/planBadge';
import { MountainIcon } from '../icons';
import classes from './cards.module.css';
import { OVERLAY_BADGE, VideoBadges } from './VideoBadges';

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
  noSlope?: boolean;
  /** Top-right: the plan a gated video needs, e.g. 'Pro' (planBadge.ts). */
  plan?: PlanBadge | null;
  channel?: ChannelRef;
  children?: ReactNode;
  testId: string;
};

/**
 * The card every carousel and gallery shares (document 000 section 2): thumbnail, duration badge, optional
 * gradient icon, title and a 'from {channel}' link. The thumbnail repeats the title link, so
 * it is hidden from assistive tech and the tab order.
 */
export function MediaCard(props: MediaCardProps) {
  const { to, title, thumbnail, badge, badgeLabel, hasSlope, channel, children, testId } = props;
  const { noSlope = false, plan = null } = props;
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
        ) : null}
        {/* 'No slope data' where the mountain would be; the plan top right. */}
        <VideoBadges
          plan={plan}
          noSlope={!hasSlope && noSlope}
          overlay={{ plan: { top: 10, right: 10 }, noSlope: { top: 10, left: 10 } }}
        />
        {badge ? (
          <Badge {...OVERLAY_BADGE} bottom={10} right={10} aria-label={badgeLabel}>
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
