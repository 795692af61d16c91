/**
 * The cluster's choice of ports: a port a client's connection holds (open or in TIME_WAIT) looks
 * free to a connect test, yet HAProxy's bind on it fails; the tests before the cluster's leave
 * thousands of such ports in the kernel's range for clients.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { portBlock, runScript } from './cluster.js';

function clientRange(): [number, number] {
  const [low, high] = fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/);
  return [Number(low), Number(high)];
}

/** Leaves 127.0.0.1:`port` in TIME_WAIT as a client's port: the client closes first. */
async function clientTimeWait(port: number): Promise<void> {
  const server = net.createServer((socket) => {
    socket.on('end', () => socket.end());
    socket.resume();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port: serverPort } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve, reject) => {
    const client = net.connect({ host: '127.0.0.1', port: serverPort, localAddress: '127.0.0.1', localPort: port });
    client.on('error', reject);
    client.on('connect', () => client.end());
    client.on('close', () => resolve());
    client.resume();
  });
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

describe('the cluster’s ports', () => {
  it('takes its blocks below the kernel’s range for clients’ ports', () => {
    const [low] = clientRange();
    for (let i = 0; i < 2000; i++) {
      const base = portBlock();
      expect(base).toBeGreaterThanOrEqual(10_000);
      expect(base + 19).toBeLessThan(low);
      expect(base % 20).toBe(0);
    }
  });

  it('refuses a port that a client’s connection left in TIME_WAIT before anything starts', async () => {
    const port = portBlock();
    await clientTimeWait(port);
    // What the connect test saw: nothing answers there.
    const answered = await new Promise<boolean>((resolve) => {
      const probe = net.connect({ host: '127.0.0.1', port }, () => {
        probe.destroy();
        resolve(true);
      });
      probe.on('error', () => resolve(false));
    });
    expect(answered).toBe(false);
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'daymark-cluster-ports-')), 'run');
    try {
      const started = await runScript(dir, { CLUSTER_PORT: String(port) }, ['start']);
      expect(started.code).toBe(1);
      expect(started.output).toContain(`port ${port} is in use`);
      // Nothing was started: no state, no database, no instance.
      expect(fs.existsSync(dir)).toBe(false);
    } finally {
      await runScript(dir, {}, ['stop']);
      fs.rmSync(path.dirname(dir), { recursive: true, force: true });
    }
  });
});
