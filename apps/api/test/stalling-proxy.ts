import net from 'node:net';

export type StallingProxy = {
  port: number;
  /** Stops passing bytes either way, for open and new connections alike (a frozen server: the kernel
   *  still accepts connections, nothing answers). */
  freeze: () => void;
  /** Passes the held bytes on and carries on. */
  thaw: () => void;
  close: () => Promise<void>;
};

/**
 * A TCP proxy to a PostgreSQL server that can stall: what a SIGSTOPped or wedged server looks like to
 * the app, without stopping the shared test server (tests of database outages).
 */
export async function startStallingProxy(target: { host: string; port: number }): Promise<StallingProxy> {
  let frozen = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
      if (frozen) socket.pause();
    }
    client.on('data', (chunk) => upstream.write(chunk));
    upstream.on('data', (chunk) => client.write(chunk));
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the proxy has no port');
  return {
    port: address.port,
    freeze: () => {
      frozen = true;
      for (const socket of sockets) socket.pause();
    },
    thaw: () => {
      frozen = false;
      for (const socket of sockets) socket.resume();
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
