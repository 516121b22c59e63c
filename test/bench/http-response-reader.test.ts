import { describe, expect, it } from 'vitest';
import { createResponseReader } from '../../main/bench/http-response-reader.ts';

// The load generator's response framing, fed the bytes a server would send in every split.
function read(chunks: Buffer[]): { statuses: number[]; errors: string[] } {
  const statuses: number[] = [];
  const errors: string[] = [];
  const reader = createResponseReader((status) => statuses.push(status), (message) => errors.push(message));
  for (const chunk of chunks) reader.push(chunk);
  return { statuses, errors };
}

/** Every way of cutting `bytes` in two, plus one byte at a time. */
function splits(bytes: Buffer): Buffer[][] {
  const out: Buffer[][] = [[bytes], [...bytes].map((b) => Buffer.from([b]))];
  for (let cut = 1; cut < bytes.length; cut++) out.push([bytes.subarray(0, cut), bytes.subarray(cut)]);
  return out;
}

const sized = Buffer.from('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\ncontent-length: 12\r\n\r\n{"a":"\r\n\r\n"}');
const chunked = Buffer.from('HTTP/1.1 404 Not Found\r\nTransfer-Encoding: chunked\r\n\r\n5;ext=1\r\nhello\r\n0\r\n\r\n');
const trailers = Buffer.from('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\nX-Checksum: 1\r\n\r\n');
const notModified = Buffer.from('HTTP/1.1 304 Not Modified\r\nETag: W/"x"\r\n\r\n');
const empty = Buffer.from('HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n');

describe('HTTP response reader', () => {
  it('finds the end of sized, chunked, trailer and bodiless answers however the bytes arrive', () => {
    const stream = Buffer.concat([sized, chunked, trailers, notModified, empty, sized]);
    for (const parts of splits(stream)) {
      expect(read(parts)).toEqual({ statuses: [200, 404, 200, 304, 200, 200], errors: [] });
    }
  });

  it('does not report an answer before its last byte', () => {
    expect(read([sized.subarray(0, sized.length - 1)]).statuses).toEqual([]);
    expect(read([chunked.subarray(0, chunked.length - 1)]).statuses).toEqual([]);
  });

  it('reports what it cannot frame and stops reading', () => {
    expect(read([Buffer.from('SSH-2.0-OpenSSH\r\n\r\n'), sized]).errors).toEqual([expect.stringMatching(/not an HTTP\/1.1 status line/)]);
    expect(read([Buffer.from('HTTP/1.1 200 OK\r\nConnection: close\r\n\r\nbody')])).toEqual({ statuses: [], errors: [expect.stringMatching(/neither Content-Length nor chunked/)] });
    expect(read([Buffer.from('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n')]).errors).toEqual(['malformed chunk size']);
    expect(read([Buffer.from(`HTTP/1.1 200 OK\r\nX: ${'a'.repeat(70_000)}`)]).errors).toEqual(['response header block too large']);
  });
});
