import type { DeviceSource } from '../../src/devices/source.js';

/** Wraps a source and records every grade sent to it, with the time it was sent. */
export function spyOnGrades(inner: DeviceSource, now: () => number = Date.now) {
  const grades: { id: string; grade: number; at: number }[] = [];
  const source: DeviceSource = {
    transport: inner.transport,
    start: () => inner.start(),
    stop: () => inner.stop(),
    status: () => inner.status(),
    scan: (ms) => inner.scan(ms),
    stopScan: () => inner.stopScan(),
    connect: (id) => inner.connect(id),
    disconnect: (id) => inner.disconnect(id),
    sendGrade: (id, grade) => {
      grades.push({ id, grade, at: now() });
      return inner.sendGrade(id, grade);
    },
    on: (event, fn) => inner.on(event, fn),
  };
  return { source, grades };
}
