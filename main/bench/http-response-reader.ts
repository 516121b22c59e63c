/**
 * An incremental reader of HTTP/1.1 responses on a keep-alive socket, for the load generator:
 * it finds where each response ends (Content-Length, chunked, or no body) and reports its
 * status, without building header objects or body strings. What Node's http client does on
 * top of that (parsing every header, streams, events) cost the bench process as much CPU as a
 * light request cost the server, and both share this machine's two cores.
 */
export interface ResponseReader {
  /**
   * Feeds received bytes; calls `onResponse` once per complete response. The caller may reuse
   * `chunk` once this returns: the few bytes kept (a partial header or chunk-size line) are copied.
   */
  push(chunk: Buffer): void;
}

const HEADER_END = Buffer.from('\r\n\r\n');
const CRLF = Buffer.from('\r\n');
/** Beyond this a header block is not a response this bench expects. */
const MAX_HEADER_BYTES = 64 * 1024;

type BodyState =
  | { kind: 'headers' }
  | { kind: 'length'; remaining: number }
  | { kind: 'chunk-size' }
  | { kind: 'chunk-data'; remaining: number }
  | { kind: 'trailers' };

export function createResponseReader(onResponse: (status: number) => void, onError: (message: string) => void): ResponseReader {
  let pending: Buffer = Buffer.alloc(0);
  let state: BodyState = { kind: 'headers' };
  let status = 0;
  let failed = false;

  const finish = (): void => {
    onResponse(status);
    state = { kind: 'headers' };
  };
  const fail = (message: string): void => {
    failed = true;
    onError(message);
  };

  /** Drops what is pending of a body part of known length (the load only counts answers); true once all of it is gone. */
  const skipRemaining = (part: { remaining: number }): boolean => {
    const take = Math.min(part.remaining, pending.length);
    pending = pending.subarray(take);
    part.remaining -= take;
    return part.remaining === 0;
  };

  /** Consumes what it can from `pending`; false when more bytes are needed. */
  const step = (): boolean => {
    switch (state.kind) {
      case 'headers': {
        const end = pending.indexOf(HEADER_END);
        if (end < 0) {
          if (pending.length > MAX_HEADER_BYTES) fail('response header block too large');
          return false;
        }
        const head = pending.toString('latin1', 0, end);
        pending = pending.subarray(end + HEADER_END.length);
        const statusMatch = /^HTTP\/1\.[01] (\d{3})/.exec(head);
        if (!statusMatch) {
          fail(`not an HTTP/1.1 status line: ${JSON.stringify(head.slice(0, 40))}`);
          return false;
        }
        status = Number(statusMatch[1]);
        const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
        if (/\r\ntransfer-encoding:[^\r]*chunked/i.test(head)) state = { kind: 'chunk-size' };
        else if (length) state = { kind: 'length', remaining: Number(length[1]) };
        else if (status === 204 || status === 304 || (status >= 100 && status < 200)) state = { kind: 'length', remaining: 0 };
        else {
          // A body that ends at connection close cannot be reused for keep-alive load.
          fail(`response ${status} has neither Content-Length nor chunked encoding`);
          return false;
        }
        return true;
      }
      case 'length': {
        if (!skipRemaining(state)) return false;
        finish();
        return true;
      }
      case 'chunk-size': {
        const end = pending.indexOf(CRLF);
        if (end < 0) return false;
        const size = Number.parseInt(pending.toString('latin1', 0, end).split(';')[0]!, 16);
        pending = pending.subarray(end + CRLF.length);
        if (!Number.isFinite(size) || size < 0) {
          fail('malformed chunk size');
          return false;
        }
        state = size === 0 ? { kind: 'trailers' } : { kind: 'chunk-data', remaining: size + CRLF.length };
        return true;
      }
      case 'chunk-data': {
        if (!skipRemaining(state)) return false;
        state = { kind: 'chunk-size' };
        return true;
      }
      case 'trailers': {
        // Trailer lines end with an empty line; without trailers that is the CRLF right away.
        const end = pending.indexOf(CRLF);
        if (end < 0) return false;
        pending = pending.subarray(end + CRLF.length);
        if (end === 0) finish();
        return true;
      }
    }
  };

  return {
    push(chunk) {
      if (failed) return;
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      while (!failed && pending.length > 0 && step()) { /* keep consuming */ }
      // A Content-Length of 0 completes without further bytes.
      if (!failed && state.kind === 'length' && state.remaining === 0) step();
      if (pending.length > 0) pending = Buffer.from(pending);
    },
  };
}
