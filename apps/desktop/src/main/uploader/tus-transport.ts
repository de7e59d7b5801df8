import { type FileHandle, open } from 'node:fs/promises';
import type { FileReader, FileSource, HttpRequest, HttpResponse, HttpStack } from 'tus-js-client';

/**
 * tus-js-client's HTTP over the ports' fetch (DesktopPorts.fetch), so the app's uploads go
 * the way its other server calls go (and a test can cut the connection there).
 */
export function fetchHttpStack(fetchFn: typeof fetch): HttpStack {
  return {
    getName: () => 'ridealong-fetch',
    createRequest: (method, url) => new FetchRequest(fetchFn, method, url),
  };
}

class FetchRequest implements HttpRequest {
  private readonly headers = new Map<string, string>();
  private readonly controller = new AbortController();
  private progress: (bytesSent: number) => void = () => undefined;

  constructor(
    private readonly fetchFn: typeof fetch,
    private readonly method: string,
    private readonly url: string,
  ) {}

  getMethod = () => this.method;
  getURL = () => this.url;
  setHeader(header: string, value: string) {
    this.headers.set(header.toLowerCase(), value);
  }
  getHeader = (header: string) => this.headers.get(header.toLowerCase());
  setProgressHandler(handler: (bytesSent: number) => void) {
    this.progress = handler;
  }

  async send(body?: Buffer | null): Promise<HttpResponse> {
    const res = await this.fetchFn(this.url, {
      method: this.method,
      headers: Object.fromEntries(this.headers),
      // A copy on an ArrayBuffer of its own (what fetch's BodyInit takes); a chunk is at most 16 MB.
      body: body && body.length > 0 ? new Uint8Array(body) : null,
      signal: this.controller.signal,
      redirect: 'error',
    });
    const text = await res.text();
    // fetch reports no upload progress: the chunk counts once the server has it.
    if (body) this.progress(body.length);
    return {
      getStatus: () => res.status,
      getHeader: (name: string) => res.headers.get(name) ?? undefined,
      getBody: () => text,
      getUnderlyingObject: () => res,
    };
  }

  abort() {
    this.controller.abort();
    return Promise.resolve();
  }

  getUnderlyingObject = () => this.controller;
}

/** The upload's input: a file on disk, read one chunk at a time from any offset. */
export interface DiskFile {
  path: string;
  size: number;
}

/**
 * Reads the upload's file one chunk at a time from any offset. tus-js-client leaves the file
 * open when an upload is aborted (to resume it); `close` closes what this reader opened.
 */
export function diskFileReader(): FileReader & { close(): Promise<void> } {
  const handles = new Set<FileHandle>();
  const closeOne = (h: FileHandle) => {
    if (handles.delete(h)) void h.close().catch(() => undefined);
  };
  return {
    async openFile(input: DiskFile): Promise<FileSource> {
      const handle = await open(input.path, 'r');
      handles.add(handle);
      return {
        size: input.size,
        async slice(start: number, end: number) {
          const to = Math.min(end, input.size);
          const buffer = Buffer.alloc(Math.max(0, to - start));
          const { bytesRead } = await handle.read(buffer, 0, buffer.length, start);
          // tus-js-client reads the chunk's length from `size`.
          const value = Object.assign(buffer.subarray(0, bytesRead), { size: bytesRead });
          return { value, done: to >= input.size };
        },
        close: () => closeOne(handle),
      };
    },
    async close() {
      for (const h of [...handles]) closeOne(h);
    },
  };
}
