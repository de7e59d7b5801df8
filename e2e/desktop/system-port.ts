import type { FileFilter, SystemPorts } from '../../apps/desktop/src/main/ports.js';

/** One call of the app's open dialog, as the app asked for it. */
export interface DialogCall {
  title: string;
  filters: FileFilter[];
  multiple: boolean;
  /** What the harness answered (the rider's pick, [] for cancel). */
  answered: string[];
}

/**
 * The operating system of the harness: the "system browser" records the URLs the app opens
 * there, the open dialog answers with the files a spec queued (the rider picks these), and quit
 * is recorded.
 */
export interface HarnessSystem extends SystemPorts {
  readonly externals: readonly string[];
  readonly dialogs: readonly DialogCall[];
  readonly quits: number;
  /** The next open dialog answers `paths` (absolute); queue several for several dialogs. */
  pickFiles(...paths: string[]): void;
  /** The next open dialog is cancelled. */
  cancelNextDialog(): void;
}

export function createSystemPorts(): HarnessSystem {
  const externals: string[] = [];
  const dialogs: DialogCall[] = [];
  const answers: string[][] = [];
  let quits = 0;
  return {
    externals,
    dialogs,
    get quits() {
      return quits;
    },
    pickFiles: (...paths) => void answers.push(paths),
    cancelNextDialog: () => void answers.push([]),
    openExternal(url) {
      externals.push(url);
      return Promise.resolve();
    },
    showOpenDialog(_parent, options) {
      const answered = answers.shift() ?? [];
      dialogs.push({ ...options, answered });
      return Promise.resolve(answered);
    },
    quit() {
      quits += 1;
    },
  };
}
