import { describe, expect, it } from 'vitest';
import { urlForMessage } from '../../main/http/url-for-message.ts';

describe('urlForMessage', () => {
  it.each([
    ['https://status.example.com/pages', 'https://status.example.com/pages'],
    ['https://status.example.com/', 'https://status.example.com'],
    ['https://status.example.com/?key=k', 'https://status.example.com/?…'],
    ['http://127.0.0.1:9/wasm/', 'http://127.0.0.1:9/wasm/'],
    ['https://user:pw@status.example.com/x', 'https://…@status.example.com/x'],
    ['https://user@host', 'https://…@host'],
    ['https://host/path?key=secret#frag', 'https://host/path?…#…'],
    ['https://host/path#token=secret', 'https://host/path#…'],
    ['foo://u:p@host/x', 'foo://…@host/x'],
    // A parser reads credentials where the text has no `//`.
    ['https:/me:secret@rpc.example.com/', 'https://…@rpc.example.com'],
    ['https:\\\\me:secret@rpc.example.com/x', 'https://…@rpc.example.com/x'],
    // Keys in the path: only the first segment is shown, and not even that when it is long.
    ['https://mainnet.infura.io/v3/0123456789abcdef0123456789abcdef', 'https://mainnet.infura.io/v3/…'],
    ['https://eth-mainnet.g.alchemy.com/v2/KEY', 'https://eth-mainnet.g.alchemy.com/v2/…'],
    ['https://name.quiknode.pro/0123456789abcdef0123456789abcdef01234567/', 'https://name.quiknode.pro/…'],
    ['https://m.example/wasm/?token=s', 'https://m.example/wasm/?…'],
  ])('a URL: %s → %s', (text, shown) => {
    expect(urlForMessage(text)).toBe(shown);
  });

  it.each([
    ['1=https://u:p@rpc.example.com', '1=https://…@rpc.example.com'],
    // `:` typed for `=`: no URL, but one inside the text.
    ['296:https://me:secret@rpc.example.com/v3/KEY', '296:https://…@rpc.example.com/v3/…'],
    ['296:https://mainnet.infura.io/v3/KEY?x=1', '296:https://mainnet.infura.io/v3/…?…'],
    ['sepolia=https:\\\\me:secret@rpc.example.com', 'sepolia=https:\\\\…@rpc.example.com'],
    ['ftp://u:p@', 'ftp://…@'],
    // A host no parser takes: the path is cut all the same.
    ['https://[rpc/v3/KEY', 'https://[rpc/v3/…'],
    ['status.example.com', 'status.example.com'],
    ['localhost:5551', 'localhost:5551'],
    ['me:secret@rpc.example.com', 'me:…@rpc.example.com'],
    ['Request cannot be constructed from a URL that includes credentials: https://me:secret@127.0.0.1:9/x?k=1',
      'Request cannot be constructed from a URL that includes credentials: https://…@127.0.0.1:9/x?…'],
  ])('text that is no URL: %s → %s', (text, shown) => {
    expect(urlForMessage(text)).toBe(shown);
  });
});
