import { useEffect } from 'react';
import { Drawer } from '@mantine/core';
import { useAfterFirstFrame } from '../../../lib/useAfterFirstFrame';
import { useTrackerStore } from '../../../stores/tracker';
import { ensureTracker } from '../lib/trackerClient';
import { ConnectDeviceContent } from './ConnectDeviceContent';

/**
 * The Connect Device panel, rendered once by the shell and opened through the tracker store
 * (profile menu, or Start on a video without a live trainer). Opening it connects to the
 * local tracker; the connection then stays up for the ride page after the panel closes.
 */
export function ConnectDevicePanel() {
  // The shell loads this feature on the panel's first opening: mount closed so it slides in.
  const ready = useAfterFirstFrame();
  const opened = useTrackerStore((s) => s.panelOpen) && ready;
  const close = useTrackerStore((s) => s.closePanel);

  useEffect(() => {
    if (opened) ensureTracker();
  }, [opened]);

  return (
    <Drawer opened={opened} onClose={close} title="Connect Device" position="right" size="md">
      <ConnectDeviceContent />
    </Drawer>
  );
}
