/** Where the tracker writes what it does; tests pass a silent or collecting one. */
export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

const stamp = (): string => new Date().toISOString();

export const consoleLogger: Logger = {
  info: (m) => console.log(`${stamp()} ${m}`),
  warn: (m) => console.warn(`${stamp()} WARN ${m}`),
  error: (m) => console.error(`${stamp()} ERROR ${m}`),
};

export const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} };

/** The message of anything thrown, for log lines and acks. */
export function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
