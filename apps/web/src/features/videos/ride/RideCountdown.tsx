import { Overlay, Text } from '@mantine/core';

/** The countdown before recording: 10 .. 1, then 'Go!' (document 001 section 4). */
export function RideCountdown({ value }: { value: number }) {
  return (
    <Overlay color="#000" backgroundOpacity={0.45} zIndex={3} center>
      <Text
        c="white"
        fw={800}
        fz={{ base: 64, sm: 120 }}
        aria-live="assertive"
        data-testid="ride-countdown"
      >
        {value > 0 ? value : 'Go!'}
      </Text>
    </Overlay>
  );
}
