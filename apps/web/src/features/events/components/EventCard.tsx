import type { MouseEvent } from 'react';
import { Anchor, AspectRatio, Badge, Button, Card, Group, Image, Stack, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { eventBadge, type EventListItem, type EventStatus } from '@ridealong/contracts';
import { PLACEHOLDER_THUMBNAIL } from '../../../components/media/MediaCard';
import classes from '../../../components/media/cards.module.css';
import { eventRidersText, eventTimeText } from '../lib/eventFacts';
import { hostedByText } from '../lib/eventList';
import { videoPath as videoPathOf } from '../../../lib/videoPath';
import { canJoin } from '../lib/join';

const BADGE_COLOR: Record<EventStatus, string> = {
  'waiting-room': 'orange',
  'in-progress': 'red',
  complete: 'gray',
};

type EventCardProps = {
  event: EventListItem;
  /** Where Join leads for this viewer (lib/join.ts). */
  joinTo: string;
};

/**
 * An event (document 001 '/events'): thumbnail, status badge, title, 'Hosted by …', when it
 * starts (or that it starts when the host is ready) and how many are in it, and Join unless
 * complete. A click anywhere on the card opens the event's video; the title and the
 * thumbnail are links to it as well, so it is reachable without a pointer.
 */
export function EventCard({ event, joinTo }: EventCardProps) {
  const navigate = useNavigate();
  const videoPath = videoPathOf(event.race_url);
  const riders = eventRidersText(event);
  const openVideo = (e: MouseEvent<HTMLElement>) => {
    // Links and the Join button inside the card navigate on their own.
    if (e.target instanceof Element && e.target.closest('a, button')) return;
    void navigate(videoPath);
  };
  return (
    <Card
      component="article"
      aria-label={event.title}
      data-testid="event-card"
      data-status={event.status}
      className={classes.card}
      radius="lg"
      padding="md"
      shadow="sm"
      withBorder
      onClick={openVideo}
      style={{ cursor: 'pointer' }}
    >
      <Card.Section pos="relative">
        <Link to={videoPath} className={classes.thumb} tabIndex={-1} aria-hidden="true">
          <AspectRatio ratio={16 / 9}>
            <Image
              src={event.thumbnail_url ?? PLACEHOLDER_THUMBNAIL}
              fallbackSrc={PLACEHOLDER_THUMBNAIL}
              alt=""
              loading="lazy"
              data-testid="event-thumbnail"
            />
          </AspectRatio>
        </Link>
        <Badge
          pos="absolute"
          top={10}
          left={10}
          radius="sm"
          variant="filled"
          color={BADGE_COLOR[event.status]}
          style={{ textTransform: 'none' }}
          data-testid="event-badge"
        >
          {eventBadge(event.status)}
        </Badge>
      </Card.Section>
      <Stack gap={4} mt="sm">
        <Anchor component={Link} to={videoPath} c="dark" fw={700} lineClamp={1} underline="hover">
          {event.title}
        </Anchor>
        <Text size="sm" c="dimmed" data-testid="event-host">
          {hostedByText(event.host_user_display_name)}
        </Text>
        <Group gap="xs" justify="space-between" wrap="nowrap">
          <Text size="sm" c="gray.7" data-testid="event-time">
            {eventTimeText(event, Date.now())}
          </Text>
          {riders ? (
            <Text size="sm" c="gray.7" style={{ whiteSpace: 'nowrap' }} data-testid="event-riders">
              {riders}
            </Text>
          ) : null}
        </Group>
        {canJoin(event.status) ? (
          <Button
            component={Link}
            to={joinTo}
            mt="xs"
            radius="xl"
            aria-label={`Join ${event.title}`}
            data-testid="event-join"
          >
            Join
          </Button>
        ) : null}
      </Stack>
    </Card>
  );
}
