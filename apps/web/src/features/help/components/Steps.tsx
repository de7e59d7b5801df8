import { Stack, Text, ThemeIcon, Timeline, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export type Step = { title: string; icon: ReactNode; body: ReactNode };

/** Numbered how-to steps shown as a timeline. */
export function Steps({ steps, label }: { steps: Step[]; label: string }) {
  return (
    <Timeline active={steps.length - 1} bulletSize={44} lineWidth={2} aria-label={label}>
      {steps.map((step, i) => (
        <Timeline.Item
          key={step.title}
          bullet={
            <ThemeIcon
              size={44}
              radius="xl"
              variant="gradient"
              gradient={{ from: 'blue', to: 'cyan' }}
            >
              {step.icon}
            </ThemeIcon>
          }
          title={
            <Title order={3} size="h4" pt={8}>
              <Text span c="dimmed" inherit>
                Step {i + 1}.{' '}
              </Text>
              {step.title}
            </Title>
          }
        >
          <Stack gap="sm" mt="xs" mb="lg">
            {step.body}
          </Stack>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
