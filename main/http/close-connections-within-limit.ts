import type { FastifyInstance } from 'fastify';

/**
 * How long requests under way when a service port closes may still finish (a verification
 * compiling, a bridge call, a page of a list being written) before their connections are cut. A
 * stalled upload or download never finishes, and a service's database closes only after its
 * port. `serve` closes its web UI (this long at most), then the service ports side by side (this long
 * each), so the whole stop takes about twice this, within the 10 s it and the desktop app allow.
 */
export const REQUESTS_CLOSE_LIMIT_MS = 3_000;

/**
 * Makes the app's `close()` finish within `limitMs`, whatever its clients hold: idle keep-alive
 * sockets are closed at once (Fastify's default), a response sent while closing tells its client
 * to close the socket, and a request still under way at the limit has its connection cut. Without
 * this a client that sends headers and part of a body and then waits (a stalled upload) holds the
 * close, and whatever is closed after it (a database), for as long as it likes: Fastify has no
 * request timeout by default.
 */
export function closeConnectionsWithinLimit(app: FastifyInstance, limitMs: number): void {
  let closing = false;
  let cut: NodeJS.Timeout | undefined;
  app.addHook('preClose', (done) => {
    closing = true;
    cut = setTimeout(() => app.server.closeAllConnections(), limitMs).unref();
    done();
  });
  // Node closes a keep-alive socket only while it is idle at the moment the server closes.
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  app.addHook('onClose', (_instance, done) => {
    clearTimeout(cut);
    done();
  });
}
