import { describe, expect, it } from 'vitest';
import { isLoopbackHost } from '../../main/http/host-check.ts';

describe('isLoopbackHost', () => {
  it('takes the loopback names and addresses, with or without a port', () => {
    for (const host of ['localhost', 'LOCALHOST:47801', '127.0.0.1', '127.0.0.1:80', '127.1.2.3:9', '[::1]', '[::1]:47801', ' localhost ']) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
  });

  it('refuses other hosts and anything a browser would not send in Host', () => {
    for (const host of [undefined, '', 'evil.example', 'localhost.evil.com', '127.0.0.1.evil.com', '127.0.0.256', '[::2]',
      '127.0.0.1:80@evil.com', '[::1]evil', 'localhost:99999', 'localhost:', 'localhost/path', 'localhost, evil.example', 'user@localhost']) {
      expect(isLoopbackHost(host), String(host)).toBe(false);
    }
  });
});
