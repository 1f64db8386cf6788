import { readFileSync } from 'node:fs';
import net from 'node:net';
import { freePort } from './free-port';

const listenOn = (port: number): Promise<net.Server> =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });

describe('freePort', () => {
  it('hands out distinct ports below the kernel’s ephemeral range that a server can listen on', async () => {
    const ephemeralStart = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    const ports: number[] = [];
    for (let index = 0; index < 50; index += 1) ports.push(await freePort());

    expect(new Set(ports).size).toBe(ports.length);
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(20_000);
      expect(port).toBeLessThan(ephemeralStart);
    }
    const servers = await Promise.all(ports.map(listenOn));
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  });
});
