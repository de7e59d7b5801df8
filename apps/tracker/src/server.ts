import {
  createServer,
  type IncomingMessage,
  type Server as HttpServer,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TrackerClientToServer, TrackerServerToClient } from '@ridealong/contracts';
import { Server } from 'socket.io';
import { systemClock, type Clock } from './clock.js';
import { originPolicy, refusalFor, type OriginPolicy } from './config/origins.js';
import type { DeviceSource } from './devices/source.js';
import { answerPreflight } from './http/preflight.js';
import { consoleLogger, type Logger } from './log.js';
import { registerHandlers } from './socket/handlers.js';
import type { RememberedDeviceStore } from './store/remembered-devices.js';
import { Tracker } from './tracker.js';
import { TRACKER_VERSION } from './version.js';

export interface TrackerServerOptions {
  /** 0 picks a free port (tests). */
  port: number;
  /** Default 127.0.0.1: the tracker is for this computer only. */
  host?: string;
  allowedOrigins: readonly string[];
  sources: readonly DeviceSource[];
  store: RememberedDeviceStore;
  clock?: Clock;
  log?: Logger;
  /** Device ids connected at start without being remembered (--simulate). */
  autoConnect?: readonly string[];
}

export interface TrackerServer {
  port: number;
  url: string;
  /** The devices behind the socket (sources are added and removed through it). */
  tracker: Tracker;
  close(): Promise<void>;
}

function sendPreflight(req: IncomingMessage, res: ServerResponse, policy: OriginPolicy): void {
  const answer = answerPreflight(req.headers, (o) => policy.allows(o));
  res.writeHead(answer.status, { ...answer.headers, 'Content-Length': '0' }).end();
}

/** Everything outside /socket.io/: preflights, a health check for scripts, else 404. */
function plainRequest(req: IncomingMessage, res: ServerResponse, policy: OriginPolicy): void {
  if (req.method === 'OPTIONS') return sendPreflight(req, res, policy);
  const origin = req.headers.origin;
  if (!policy.allows(origin)) return void res.writeHead(403).end();
  const cors: Record<string, string> = origin
    ? { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' }
    : {};
  if (req.method === 'GET' && req.url?.split('?')[0] === '/health') {
    const body = JSON.stringify({ alive: true, version: TRACKER_VERSION });
    return void res.writeHead(200, { ...cors, 'Content-Type': 'application/json' }).end(body);
  }
  res.writeHead(404, cors).end();
}

function listen(http: HttpServer, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http.once('error', reject);
    http.listen(port, host, () => {
      http.off('error', reject);
      resolve((http.address() as AddressInfo).port);
    });
  });
}

/** The tracker's Socket.IO service: origin checks, PNA preflights, events both ways. */
export async function createTrackerServer(options: TrackerServerOptions): Promise<TrackerServer> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? consoleLogger;
  const policy = originPolicy(options.allowedOrigins);
  const tracker = new Tracker({
    sources: options.sources,
    store: options.store,
    clock: options.clock ?? systemClock,
    log,
    version: TRACKER_VERSION,
    autoConnect: options.autoConnect,
  });

  const http = createServer((req, res) => plainRequest(req, res, policy));
  const io = new Server<TrackerClientToServer, TrackerServerToClient>(http, {
    serveClient: false,
    cors: {
      origin: (origin, callback) => callback(null, policy.allows(origin)),
      credentials: true,
      // Our middleware below answers the preflight, adding the Private Network Access header.
      preflightContinue: true,
    },
  });
  io.engine.use((req: IncomingMessage, res: ServerResponse, next: () => void) => {
    if (req.method === 'OPTIONS') sendPreflight(req, res, policy);
    else next();
  });
  // Refusing here (not at the HTTP level) lets the client's connect_error carry the reason.
  io.use((socket, next) => {
    const origin = socket.handshake.headers.origin;
    if (origin === undefined || policy.allows(origin)) return next();
    const refusal = refusalFor(origin);
    log.warn(`Refused a connection from ${origin}: not on the allow-list.`);
    next(Object.assign(new Error(refusal.message), { data: refusal }));
  });
  io.on('connection', (socket) => {
    registerHandlers(socket, tracker, log);
    socket.emit('pulse', tracker.pulse());
  });
  tracker.on('pulse', (pulse) => io.emit('pulse', pulse));
  tracker.on('data', (data) => io.emit('tracker_data', data));

  // Devices first, then the port: once /health answers, the tracker is ready.
  await tracker.start();
  let port: number;
  try {
    port = await listen(http, options.port, host);
  } catch (e) {
    await tracker.stop();
    io.close();
    throw e;
  }
  const url = `http://${host}:${port}`;
  let closing: Promise<void> | null = null;
  return {
    port,
    url,
    tracker,
    close: () =>
      (closing ??= (async () => {
        await tracker.stop();
        io.disconnectSockets(true);
        http.closeAllConnections();
        await io.close();
      })()),
  };
}
