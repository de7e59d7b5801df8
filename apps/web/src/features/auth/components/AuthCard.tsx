import { Box, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { BikeIcon } from '../../../components/icons';

type AuthCardProps = {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Under the card, e.g. the legal links. */
  footer?: ReactNode;
  testId?: string;
};

/** The centred card every sign-in, sign-up and recovery screen sits in, under the brand. */
export function AuthCard({ title, subtitle, children, footer, testId }: AuthCardProps) {
  return (
    <Center
      mih="calc(100dvh - 140px)"
      px="md"
      py="xl"
      style={{
        background: 'radial-gradient(ellipse at top, var(--mantine-color-blue-0), transparent 60%)',
      }}
    >
      <Box w="100%" maw={440}>
        <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 'xl' }} data-testid={testId}>
          <Stack gap="lg">
            <Stack gap={6} align="center">
              {/* The shell's header carries the wordmark; the card shows the mark only. */}
              <ThemeIcon
                size={48}
                radius="xl"
                variant="gradient"
                gradient={{ from: 'blue', to: 'cyan', deg: 135 }}
                aria-hidden
              >
                <BikeIcon size={28} />
              </ThemeIcon>
              <Title order={1} fz={26} ta="center" mt={4}>
                {title}
              </Title>
              {subtitle && (
                <Text c="dimmed" ta="center" size="sm">
                  {subtitle}
                </Text>
              )}
            </Stack>
            {children}
          </Stack>
        </Paper>
        {footer}
      </Box>
    </Center>
  );
}
