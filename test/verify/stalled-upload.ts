import net from 'node:net';

const BOUNDARY = 'mirrordesk-stalled-upload';
const HEAD = `--${BOUNDARY}\r\ncontent-disposition: form-data; name="files"; filename="A.sol"\r\ncontent-type: application/octet-stream\r\n\r\ncontract A {}`;
const TAIL = `\r\n--${BOUNDARY}--\r\n`;

export interface StalledUpload {
  socket: net.Socket;
  /** Resolves once the connection is gone (the server cut it, or `finish` was answered and it closed). */
  closed: Promise<void>;
  /** What the server has sent back so far (its `100 Continue` first). */
  received(): string;
  /** Sends the rest of the body: the upload completes and is answered. */
  finish(): void;
}

/**
 * A client that sends a multipart upload's headers and the start of its body to the verification
 * API, then waits, as a client on a stalled network does: a request under way that never ends
 * by itself. Resolves once the server has the request (its `100 Continue` says so) and the body
 * has begun.
 */
export async function stalledUpload(baseUrl: string, route = '/session/input-files'): Promise<StalledUpload> {
  const url = new URL(baseUrl);
  const socket = net.connect(Number(url.port), url.hostname);
  socket.on('error', () => undefined);
  let received = '';
  socket.on('data', (chunk: Buffer) => { received += chunk.toString('latin1'); });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(`POST ${route} HTTP/1.1\r\nhost: ${url.host}\r\ncontent-type: multipart/form-data; boundary=${BOUNDARY}\r\n`
    + `content-length: ${Buffer.byteLength(HEAD) + Buffer.byteLength(TAIL)}\r\nexpect: 100-continue\r\n\r\n`);
  await new Promise((resolve) => socket.once('data', resolve));
  socket.write(HEAD);
  return { socket, closed, received: () => received, finish: () => socket.write(TAIL) };
}
