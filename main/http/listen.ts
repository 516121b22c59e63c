import type { Server } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** Services only ever bind to loopback. */
export const LOOPBACK = '127.0.0.1';

/** Starts a built app on loopback (port 0 picks a free one) and returns its base URL. */
export async function listenOnLoopback(app: FastifyInstance, port: number): Promise<string> {
  await app.listen({ host: LOOPBACK, port });
  return loopbackUrl(app.server);
}

/** The base URL of a server listening on loopback (the port it was given, or the one the system picked). */
export function loopbackUrl(server: Server): string {
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('server did not bind to a TCP port');
  return `http://${LOOPBACK}:${address.port}`;
}

/** Whether a listen failed because another process holds the port. */
export function isAddressInUse(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === 'EADDRINUSE';
}

/** A busy fixed port is the usual start-up failure: say which flag picks another. */
export function describeListenError(error: unknown, service: string, port: number): Error {
  if (isAddressInUse(error)) {
    return new Error(`port ${port} for the ${service} service is in use; choose another with --${service}-port N (0 picks a free port)`);
  }
  return error instanceof Error ? error : new Error(String(error));
}
