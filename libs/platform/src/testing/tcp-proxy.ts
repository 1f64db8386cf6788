import net from 'node:net';

export interface TcpProxy {
  /** host:port the proxy listens on. */
  readonly port: number;
  /** Cuts every connection and refuses new ones, as a network partition or a server going down would. */
  cut(): Promise<void>;
  /** Accepts connections again, on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

const listenOn = (server: net.Server, port: number) =>
  new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });

/**
 * A TCP relay to a real server (NATS, PostgreSQL) that a test can cut and restore: a client
 * connected through it sees its server vanish and come back, while the server keeps running
 * for everyone else.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const serve = () =>
    net.createServer((client) => {
      const upstream = net.connect(target.port, target.host);
      track(client);
      track(upstream);
      client.pipe(upstream);
      upstream.pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });

  let server: net.Server | undefined = serve();
  await listenOn(server, 0);
  const { port } = server.address() as net.AddressInfo;

  const stopServing = async () => {
    const stopping = server;
    server = undefined;
    for (const socket of sockets) socket.destroy();
    if (stopping) await new Promise<void>((resolve) => stopping.close(() => resolve()));
  };

  return {
    port,
    cut: stopServing,
    async restore() {
      if (server) return;
      const restored = serve();
      await listenOn(restored, port);
      server = restored;
    },
    close: stopServing,
  };
}
