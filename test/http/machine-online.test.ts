import { describe, expect, it } from 'vitest';
import { machineHasNetwork } from '../../main/http/machine-online.ts';

const loopback = { address: '127.0.0.1', netmask: '255.0.0.0', family: 'IPv4', mac: '00:00:00:00:00:00', internal: true, cidr: '127.0.0.1/8' } as const;
const ethernet = { address: '192.168.1.20', netmask: '255.255.255.0', family: 'IPv4', mac: '52:54:00:12:34:56', internal: false, cidr: '192.168.1.20/24' } as const;

describe('machineHasNetwork', () => {
  it('is false with loopback only or no interfaces', () => {
    expect(machineHasNetwork({ lo: [loopback] })).toBe(false);
    expect(machineHasNetwork({})).toBe(false);
    expect(machineHasNetwork({ eth0: undefined })).toBe(false);
  });

  it('is true once any interface other than loopback has an address', () => {
    expect(machineHasNetwork({ lo: [loopback], eth0: [ethernet] })).toBe(true);
  });
});
