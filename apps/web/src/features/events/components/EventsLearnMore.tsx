import { Button, Collapse, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { DownloadButton } from '../../../components/DownloadButton';
import { ChevronDownIcon } from '../../../components/icons';
import { useGeneralStore } from '../../../stores/general';
import { LEARN_MORE_TEXT, learnMoreReader, offersDownload } from '../lib/learnMore';

/**
 * The collapsible 'Learn more' under the heading (document 001 '/events'), told for the desktop
 * app or for a browser; a browser also gets the installer for its system (Mac or Windows).
 */
export function EventsLearnMore() {
  const electronMode = useGeneralStore((s) => s.electronMode);
  const [open, { toggle }] = useDisclosure(false);
  const reader = learnMoreReader(electronMode);
  return (
    <div>
      <Button
        variant="subtle"
        px={0}
        onClick={toggle}
        aria-expanded={open}
        aria-controls="events-learn-more"
        rightSection={
          <ChevronDownIcon
            size={16}
            style={{ transform: open ? 'rotate(180deg)' : undefined, transition: '150ms' }}
          />
        }
        data-testid="events-learn-more-toggle"
      >
        Learn more
      </Button>
      <Collapse in={open}>
        <Stack id="events-learn-more" gap="sm" align="flex-start" data-testid="events-learn-more">
          <Text c="gray.7" maw={640} data-reader={reader}>
            {LEARN_MORE_TEXT[reader]}
          </Text>
          {offersDownload(reader) ? <DownloadButton variant="light" radius="xl" /> : null}
        </Stack>
      </Collapse>
    </div>
  );
}
