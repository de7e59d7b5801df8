import type { ReactNode } from 'react';
import { Paper, Stack, Table, Text } from '@mantine/core';

type RideBoardCardProps = {
  title: string;
  testId: string;
  /**
   * Given, the card is a section landmark named by its title (the ghost board's region
   * 'Ghosts'); otherwise a plain box named by aria-label (the live and group leaderboards).
   */
  titleId?: string;
  /** The table's head and body. */
  children: ReactNode;
};

/**
 * The frame the ride's boards share over the video's top right corner: a dark card, its title
 * in small capitals and a compact white table.
 */
export function RideBoardCard({ title, testId, titleId, children }: RideBoardCardProps) {
  return (
    <Paper
      component={titleId ? 'section' : 'div'}
      bg="rgba(0, 0, 0, 0.6)"
      p="xs"
      radius="md"
      pos="absolute"
      top={12}
      right={12}
      w={240}
      style={{ zIndex: 3 }}
      data-testid={testId}
      {...(titleId ? { 'aria-labelledby': titleId } : { 'aria-label': title })}
    >
      <Stack gap={4}>
        <Text id={titleId} size="xs" c="gray.4" tt="uppercase" fw={700}>
          {title}
        </Text>
        <Table withRowBorders={false} verticalSpacing={2} horizontalSpacing={4} c="white" fz="sm">
          {children}
        </Table>
      </Stack>
    </Paper>
  );
}
