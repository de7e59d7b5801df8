import { useEffect } from 'react';
import { Drawer } from '@mantine/core';
import { useAfterFirstFrame } from '../../../lib/useAfterFirstFrame';
import { useGeneralStore } from '../../../stores/general';
import { reconnectsHere } from '../../../lib/connectDevice';
import { useTrackerStore } from '../../../stores/tracker';
import { ensureTracker } from '../lib/trackerClient';
import { ConnectDeviceContent } from './ConnectDeviceContent';

/**
 * The Connect Device panel, rendered once by the shell and opened through the tracker store
 * (profile menu, or Start on a video without a live trainer). In desktop mode opening it
 * connects to the local tracker, and so does the page's load once a trainer went live through
 * it; the connection then stays up for the ride page after the panel closes.
 */
export function ConnectDevicePanel() {
  // The shell loads this feature on the panel's first opening: mount closed so it slides in.
  const ready = useAfterFirstFrame();
  const opened = useTrackerStore((s) => s.panelOpen) && ready;
  const close = useTrackerStore((s) => s.closePanel);

  const electronMode = useGeneralStore((s) => s.electronMode);

  // Desktop mode: back to the tracker a trainer went live through, without opening anything.
  useEffect(() => {
    if (reconnectsHere(electronMode)) ensureTracker();
  }, [electronMode]);

  // Opening it in desktop mode looks for the tracker. A plain browser does not hunt for a
  // service it most likely lacks: the panel offers Bluetooth and a button to look.
  useEffect(() => {
    if (opened && electronMode) ensureTracker();
  }, [opened, electronMode]);

  return (
    <Drawer opened={opened} onClose={close} title="Connect Device" position="right" size="md">
      <ConnectDeviceContent />
    </Drawer>
  );
}
