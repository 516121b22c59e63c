import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A loopback HTTP server answering fixed bodies by path (a fake registry or solc-bin mirror). */
export async function serveStatic(routes: Map<string, Buffer | string>): Promise<{ url: string; requests: string[]; close(): Promise<void> }> {
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    requests.push(request.url ?? '');
    const body = routes.get(request.url ?? '');
    if (body === undefined) {
      response.statusCode = 404;
      response.end('{"error":"Not found"}');
      return;
    }
    response.setHeader('content-length', Buffer.byteLength(body));
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
