import { AspectRatio, Center, Loader, Modal, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useIsFetching } from '@tanstack/react-query';
import { configKeys } from '../../../lib/queries/keys';
import { useAfterFirstFrame } from '../../../lib/useAfterFirstFrame';
import { usePublicConfig } from '../../../lib/usePublicConfig';
import { PromoPlayer } from './PromoPlayer';

type PromoVideoOverlayProps = { opened: boolean; onClose: () => void };

/** The promo video in a dark overlay with a close control; the player lives only while open. */
export function PromoVideoOverlay({ opened, onClose }: PromoVideoOverlayProps) {
  const config = usePublicConfig();
  const configLoading = useIsFetching({ queryKey: configKeys.public }) > 0;
  const small = useMediaQuery('(max-width: 48em)');
  const streams = config?.promoVideo;
  // Loaded on the first opening (HomePage): mount closed so the overlay still fades in.
  const ready = useAfterFirstFrame();

  return (
    <Modal
      opened={opened && ready}
      onClose={onClose}
      title="See RideAlong in action"
      size="min(1200px, 92vw)"
      fullScreen={small}
      centered
      radius="lg"
      padding={0}
      closeButtonProps={{ 'aria-label': 'Close video' }}
      overlayProps={{ backgroundOpacity: 0.85, blur: 6, color: '#000' }}
      styles={{
        content: { backgroundColor: '#05080f', overflow: 'hidden' },
        header: { backgroundColor: '#05080f', color: 'white' },
        title: { fontWeight: 700 },
        close: { color: 'white' },
        body: { padding: 0 },
      }}
    >
      <AspectRatio ratio={16 / 9} bg="black">
        {streams ? (
          <PromoPlayer hls={streams.hls} dash={streams.dash} />
        ) : (
          <Center>
            {configLoading ? (
              <Loader color="gray.4" aria-label="Loading video" />
            ) : (
              <Text c="gray.3" ta="center" px="md">
                The promotional video is not available right now.
              </Text>
            )}
          </Center>
        )}
      </AspectRatio>
    </Modal>
  );
}
