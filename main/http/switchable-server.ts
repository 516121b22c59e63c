import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { clientErrorListener, type ClientErrorBody } from './client-error.ts';
import { REQUESTS_CLOSE_LIMIT_MS } from './close-connections-within-limit.ts';
import { LOOPBACK, loopbackUrl } from './listen.ts';
import { REQUEST_RECEIVE_LIMIT_MS, requestReceiveLimit } from './request-receive-limit.ts';

/**
 * How long a replaced app may take to finish the requests it was handed before it is closed
 * anyway: after a network switch the port goes on serving, so a long download may finish.
 */
const DEFAULT_DRAIN_LIMIT_MS = 30_000;
const FASTIFY_KEEP_ALIVE_MS = 72_000;

export interface SwitchableServerOptions {
  /** The JSON body of an answer to a request Node could not parse (Fastify's by default). */
  errorBody?: ClientErrorBody;
  /** How long a request may take to arrive whole before it is answered 408; default 60 s (request-receive-limit.ts). */
  receiveLimitMs?: number;
}

/**
 * One loopback port held for the whole app run, whose requests go to whichever Fastify app is
 * current. Replacing the app binds and closes no socket, so it cannot fail half-way: a network
 * switch builds the new app completely, swaps it in, and the port never stops answering.
 * Each request counts against the app it was handed to, so a replaced app can be closed once
 * the last of its requests has finished.
 *
 * The apps are never `listen`ed themselves: they only need `ready()`, and requests enter
 * through `fastify.routing`, the same handler Fastify gives a `serverFactory`; a request Node
 * cannot parse is answered as Fastify's own server would (clientErrorListener), in the
 * service's own error body where it has one.
 */
export class SwitchableServer {
  readonly url: string;
  readonly #server: http.Server;
  #current: FastifyInstance | null;
  /** Answers while no app is current (a profile without that service). */
  readonly #vacant: http.RequestListener;
  readonly #inFlight = new Map<FastifyInstance, number>();
  /** Told true once an app's last request is done, or false by `release`. */
  readonly #drainWaiters = new Map<FastifyInstance, Array<(drained: boolean) => void>>();
  /** Apps whose waits were ended by `release`: a later wait ends at once too. */
  readonly #released = new WeakSet<FastifyInstance>();

  private constructor(server: http.Server, url: string, app: FastifyInstance | null, vacant: http.RequestListener) {
    this.#server = server;
    this.url = url;
    this.#current = app;
    this.#vacant = vacant;
  }

  /**
   * Binds `port` on loopback (0 picks a free one) and serves `app` (already `ready()`) there;
   * `vacant` answers while the app is null (`options`: SwitchableServerOptions). Rejects with the
   * listen error (its `code`, e.g. EADDRINUSE, kept) when the port cannot be had.
   */
  static async listen(port: number, app: FastifyInstance | null, vacant: http.RequestListener, { errorBody, receiveLimitMs = REQUEST_RECEIVE_LIMIT_MS }: SwitchableServerOptions = {}): Promise<SwitchableServer> {
    let handle: http.RequestListener = () => undefined;
    // Fastify's keep-alive default, which the apps' own servers would have had, so clients see no change.
    const server = http.createServer({ keepAliveTimeout: FASTIFY_KEEP_ALIVE_MS, ...requestReceiveLimit(receiveLimitMs) }, (request, response) => handle(request, response));
    server.on('clientError', clientErrorListener(errorBody));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, LOOPBACK, () => {
        server.off('error', reject);
        resolve();
      });
    });
    let url: string;
    try {
      url = loopbackUrl(server);
    } catch (error) {
      server.close();
      throw error;
    }
    const switchable = new SwitchableServer(server, url, app, vacant);
    handle = (request, response) => switchable.#handle(request, response);
    return switchable;
  }

  /** Sends every request from now on to `app` (null: the vacant answer). */
  swap(app: FastifyInstance | null): void {
    this.#current = app;
  }

  /**
   * Resolves once every request handed to `app` has finished (true), or after `limitMs` (false:
   * a client still holds one, e.g. a stalled download, and the caller closes the app regardless).
   */
  drained(app: FastifyInstance, limitMs = DEFAULT_DRAIN_LIMIT_MS): Promise<boolean> {
    if (!this.#inFlight.has(app)) return Promise.resolve(true);
    if (this.#released.has(app)) return Promise.resolve(false);
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), limitMs);
      timer.unref();
      const waiters = this.#drainWaiters.get(app) ?? [];
      waiters.push((drained) => {
        clearTimeout(timer);
        resolve(drained);
      });
      this.#drainWaiters.set(app, waiters);
    });
  }

  /** Ends the waits for `app`'s requests now and from now on (they answer false), as if their limit had passed. */
  release(app: FastifyInstance): void {
    this.#released.add(app);
    this.#wake(app, false);
  }

  /**
   * Stops accepting connections and closes idle keep-alive ones; requests under way may finish
   * for up to `limitMs`, then their connections are cut. The app is stopping: it waits no longer
   * than the other service ports do.
   */
  close(limitMs = REQUESTS_CLOSE_LIMIT_MS): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => this.#server.closeAllConnections(), limitMs);
      timer.unref();
      this.#server.close(() => {
        clearTimeout(timer);
        resolve();
      });
      this.#server.closeIdleConnections();
    });
  }

  /**
   * Runs `work` as one more request of `app`: an in-process injection (the app's own bridge
   * calls) then keeps a replaced app open until it is done, as a socket request would.
   */
  async hold<T>(app: FastifyInstance, work: () => Promise<T>): Promise<T> {
    this.#started(app);
    try {
      return await work();
    } finally {
      this.#finished(app);
    }
  }

  #handle(request: http.IncomingMessage, response: http.ServerResponse): void {
    const app = this.#current;
    if (app === null) {
      this.#vacant(request, response);
      return;
    }
    this.#started(app);
    // 'close' comes once per response: after it is sent, or when the client went away.
    response.once('close', () => this.#finished(app));
    app.routing(request, response);
  }

  #started(app: FastifyInstance): void {
    this.#inFlight.set(app, (this.#inFlight.get(app) ?? 0) + 1);
  }

  #finished(app: FastifyInstance): void {
    const left = (this.#inFlight.get(app) ?? 1) - 1;
    if (left > 0) {
      this.#inFlight.set(app, left);
      return;
    }
    this.#inFlight.delete(app);
    this.#wake(app, true);
  }

  #wake(app: FastifyInstance, drained: boolean): void {
    const waiters = this.#drainWaiters.get(app) ?? [];
    this.#drainWaiters.delete(app);
    for (const wake of waiters) wake(drained);
  }
}
