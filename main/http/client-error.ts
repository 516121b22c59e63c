import http from 'node:http';
import type { Duplex } from 'node:stream';

/** The JSON body of an answer to a request Node could not parse, from its status and message. */
export type ClientErrorBody = (status: number, message: string) => unknown;

/** Fastify's own body for these answers (its default clientError handler). */
export const FASTIFY_CLIENT_ERROR_BODY: ClientErrorBody = (status, message) => ({ error: http.STATUS_CODES[status], message, statusCode: status });

/**
 * A `clientError` listener answering a request Node could not parse as Fastify's own servers do
 * (its default handler): 400, 408 on a request timeout, 431 for oversized headers, with a JSON
 * body (Fastify's unless the service has an error body of its own, as the mirror API does). A
 * server that hands requests to Fastify apps without letting them listen (see
 * switchable-server.ts) would otherwise answer with Node's default, an empty body.
 */
export function clientErrorListener(body: ClientErrorBody = FASTIFY_CLIENT_ERROR_BODY): (error: Error & { code?: string }, socket: Duplex) => void {
  return (error, socket) => {
    // The client reset the connection, or it is gone already: there is no one to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, message] = clientErrorAnswer(error.code);
    const text = JSON.stringify(body(status, message));
    if (socket.writable) {
      socket.write(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(text)}\r\nContent-Type: application/json\r\n\r\n${text}`);
    }
    socket.destroy(error);
  };
}

function clientErrorAnswer(code: string | undefined): [number, string] {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, 'Client Timeout'];
  if (code === 'HPE_HEADER_OVERFLOW') return [431, 'Exceeded maximum allowed HTTP header size'];
  return [400, 'Client Error'];
}
