import { Box, Flex, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type Props = {
  title: string;
  children: ReactNode;
  icon: ReactNode;
  gradient: { from: string; to: string };
  reverse?: boolean;
};

/** One About-page showcase: text beside an illustration, sides alternating down the page. */
export function Showcase({ title, children, icon, gradient, reverse }: Props) {
  const art = (
    <Box
      aria-hidden
      h={240}
      style={{
        borderRadius: 'var(--mantine-radius-lg)',
        background: `linear-gradient(135deg, var(--mantine-color-${gradient.from}-1), var(--mantine-color-${gradient.to}-2))`,
        display: 'grid',
        placeItems: 'center',
        position: 'relative',
        overflow: 'hidden',
      }}
    >
      <Box
        style={{
          position: 'absolute',
          width: 320,
          height: 320,
          borderRadius: '50%',
          border: `40px solid var(--mantine-color-${gradient.to}-1)`,
          opacity: 0.6,
          right: -120,
          bottom: -160,
        }}
      />
      <ThemeIcon size={120} radius={60} variant="gradient" gradient={gradient}>
        {icon}
      </ThemeIcon>
    </Box>
  );
  const text = (
    <Stack gap="sm" justify="center">
      <Title order={2}>{title}</Title>
      <Text size="lg" c="dimmed" lh={1.6}>
        {children}
      </Text>
    </Stack>
  );
  return (
    <Flex
      component="section"
      aria-label={title}
      direction={{ base: 'column', md: reverse ? 'row-reverse' : 'row' }}
      gap={{ base: 'lg', md: 48 }}
      align={{ base: 'stretch', md: 'center' }}
    >
      <Box style={{ flex: 1 }}>{art}</Box>
      <Box style={{ flex: 1 }}>{text}</Box>
    </Flex>
  );
}
