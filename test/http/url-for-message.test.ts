import { describe, expect, it } from 'vitest';
import { urlForMessage } from '../../main/http/url-for-message.ts';

describe('urlForMessage', () => {
  it.each([
    ['https://status.example.com/pages/x', 'https://status.example.com/pages/x'],
    ['https://user:pw@status.example.com/x', 'https://…@status.example.com/x'],
    ['https://user@host', 'https://…@host'],
    ['https://host/path?key=secret#frag', 'https://host/path?…'],
    ['https://host/path#token=secret', 'https://host/path#…'],
    ['1=https://u:p@rpc.example.com', '1=https://…@rpc.example.com'],
    // Not a URL at all: still nothing of what looks like credentials.
    ['ftp://u:p@', 'ftp://…@'],
    ['status.example.com', 'status.example.com'],
  ])('%s → %s', (text, shown) => {
    expect(urlForMessage(text)).toBe(shown);
  });
});
