import http from 'node:http';
import type { Duplex } from 'node:stream';

/**
 * A `clientError` listener answering a request Node could not parse as Fastify's own servers do
 * (its default handler): a JSON body with 400, 408 on a request timeout, 431 for oversized
 * headers. A server that hands requests to Fastify apps without letting them listen (see
 * switchable-server.ts) would otherwise answer with Node's default, an empty body.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  // The client reset the connection, or it is gone already: there is no one to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] = clientErrorAnswer(error.code);
  const body = JSON.stringify({ error: http.STATUS_CODES[status], message, statusCode: status });
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json\r\n\r\n${body}`);
  }
  socket.destroy(error);
}

function clientErrorAnswer(code: string | undefined): [number, string] {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, 'Client Timeout'];
  if (code === 'HPE_HEADER_OVERFLOW') return [431, 'Exceeded maximum allowed HTTP header size'];
  return [400, 'Client Error'];
}
