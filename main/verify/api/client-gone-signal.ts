import type { FastifyReply } from 'fastify';

/**
 * The client closed its connection before its answer was sent: no one is left to answer. 499 is
 * nginx's "client closed request"; the error handler sends a 4xx as it is and does not log it, and
 * nothing reaches the client anyway.
 */
export class ClientGoneError extends Error {
  readonly statusCode = 499;
  constructor() {
    super('the client closed the connection before its answer was sent');
    this.name = 'ClientGoneError';
  }
}

/**
 * A signal that aborts (with ClientGoneError) once the request's connection is closed before its
 * answer was sent (the client aborted, or its network went), so that work done only for that
 * answer (an upload being read in a helper thread) is stopped rather than finished for no one.
 * One listener on the response, gone with it.
 */
export function clientGoneSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  const response = reply.raw;
  const onClose = () => {
    if (!response.writableEnded) controller.abort(new ClientGoneError());
  };
  // Closed already (while the body was being read): 'close' will not come again.
  if (response.closed) onClose();
  else response.once('close', onClose);
  return controller.signal;
}
