import { describe, expect, it } from 'vitest';
import { applyVerifyFlag, type VerifyArgs } from '../../main/verify/verify-args.ts';

const apply = (flag: string, value: string): VerifyArgs | undefined => {
  const args: { verify?: VerifyArgs } = {};
  applyVerifyFlag(args, flag, () => value, (p) => p);
  return args.verify;
};

describe('verification flags', () => {
  it('reads a chain\'s RPC and explorer URLs and a solc-bin mirror as a base URL', () => {
    expect(apply('--chain-rpc', '296=https://rpc.example.com/v3/KEY')).toEqual({ rpcUrls: { 296: 'https://rpc.example.com/v3/KEY' } });
    expect(apply('--explorer', '1=https://api.etherscan.io/api')).toEqual({ explorers: { 1: 'https://api.etherscan.io/api' } });
    expect(apply('--solc-bin-mirror', 'http://127.0.0.1:9/wasm/')).toEqual({ solcBinMirror: 'http://127.0.0.1:9/wasm' });
    expect(apply('--solc-bin-mirror', 'off')).toEqual({ solcBinMirror: null });
  });

  // A bad CHAIN_ID=URL shows the chain id as typed, never the URL, whose key no rule finds in
  // text that does not parse.
  it.each([
    ['--chain-rpc', '296:https://me:secret@rpc.example.com', '--chain-rpc must be CHAIN_ID=URL, not "296:…"'],
    ['--chain-rpc', '296:https://mainnet.infura.io/v3/0123456789abcdef', '--chain-rpc must be CHAIN_ID=URL, not "296:…"'],
    ['--explorer', 'mainnet=https://api.example.com/api?apikey=K', '--explorer must be CHAIN_ID=URL, not "mainnet=…"'],
    ['--chain-rpc', 'https://rpc.example.com/v3/KEY', '--chain-rpc must be CHAIN_ID=URL, not "https:…"'],
    ['--chain-rpc', '296', '--chain-rpc must be CHAIN_ID=URL, not "296"'],
  ])('%s %s: %s', (flag, value, message) => {
    expect(() => apply(flag, value)).toThrow(new Error(message));
  });

  // `?token=s` became `?token=s/list.json`, and downloads log the mirror.
  it.each([
    ['https://mirror.example/wasm/?token=s', '--solc-bin-mirror must be a base URL without "?" or "#"'],
    ['https://mirror.example/wasm/#x', '--solc-bin-mirror must be a base URL without "?" or "#"'],
    ['https://me:secret@mirror.example/wasm/', '--solc-bin-mirror must not carry a user name or password'],
    ['ftp://mirror.example/wasm/', '--solc-bin-mirror must use http or https, not ftp'],
  ])('refuses the mirror %s', (value, message) => {
    expect(() => apply('--solc-bin-mirror', value)).toThrow(new Error(message));
  });
});
