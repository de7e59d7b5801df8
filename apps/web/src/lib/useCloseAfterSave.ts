import { useEffect, useRef, useState } from 'react';
import { EDIT_CLOSE_MS } from '@ridealong/contracts';

/**
 * The edit forms' save rhythm (document 001 sections 4 and 9): 'saved' shows after a save and
 * the form closes EDIT_CLOSE_MS later; a new submit clears it; unmounting cancels the close.
 */
export function useCloseAfterSave(onDone: () => void) {
  const [saved, setSaved] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return {
    saved,
    saving: () => setSaved(false),
    succeeded: () => {
      setSaved(true);
      timer.current = setTimeout(onDone, EDIT_CLOSE_MS);
    },
  };
}
