import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type Props = {
  plan: 'free' | 'core' | 'pro';
  name: string;
  tagline: string;
  perMonth: number;
  note: string;
  badge?: ReactNode;
  /** The Buy button, or whatever the card offers instead; nothing when it offers nothing. */
  action?: ReactNode;
};

/** One plan of the Free / Core / Pro row on /pricing. */
export function PlanCard({ plan, name, tagline, perMonth, note, badge, action }: Props) {
  return (
    <Card withBorder radius="lg" padding="lg" shadow="sm" data-testid={`plan-card-${plan}`}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="h3">
            {name}
          </Title>
          {badge}
        </Group>
        <Text c="dimmed" size="sm">
          {tagline}
        </Text>
        <Group gap={4} align="baseline">
          <Text fz={40} fw={800} lh={1} data-testid={`plan-price-${plan}`}>
            ${perMonth}
          </Text>
          <Text c="dimmed">/ month</Text>
        </Group>
        <Text size="sm" c="dimmed" data-testid={`plan-billing-${plan}`}>
          {note}
        </Text>
        <Stack mt="auto">{action}</Stack>
      </Stack>
    </Card>
  );
}

/** A small label on a card: the member's current plan, or Pro's coming soon. */
export function CardBadge({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <Badge variant="light" color="grape" data-testid={testId}>
      {children}
    </Badge>
  );
}
