import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { metricsListenAddress } from './listen-address.ts';

describe('metricsListenAddress', () => {
  it('keeps an address as given', async () => {
    expect(await metricsListenAddress('0.0.0.0')).toBe('0.0.0.0');
    expect(await metricsListenAddress('127.0.0.1')).toBe('127.0.0.1');
  });

  it('takes for via:<host> the own address on the way to that host', async () => {
    expect(await metricsListenAddress('via:127.0.0.1')).toBe('127.0.0.1');
    // Another address of this machine is reached from itself: that address, not loopback.
    const own = Object.values(os.networkInterfaces())
      .flat()
      .find((a) => a && a.family === 'IPv4' && !a.internal);
    expect(own).toBeDefined();
    expect(await metricsListenAddress(`via:${own!.address}`)).toBe(own!.address);
  });

  it('refuses a host that does not resolve', async () => {
    await expect(metricsListenAddress('via:no-such-host.invalid')).rejects.toThrow();
  });
});
