import dgram from 'node:dgram';
import { lookup } from 'node:dns/promises';

/**
 * Where the metrics listen: METRICS_HOST as given, or for `via:<host>` this process's own address
 * on the network it reaches that host through (docs/operations.md#metrics). The API's container
 * is on nginx's network as well as the database's: on 0.0.0.0 its metrics would be open to nginx,
 * and its address on the database's network is known only once it runs.
 */
export async function metricsListenAddress(host: string): Promise<string> {
  if (!host.startsWith('via:')) return host;
  const { address, family } = await lookup(host.slice('via:'.length));
  const socket = dgram.createSocket(family === 6 ? 'udp6' : 'udp4');
  try {
    // Connecting a UDP socket sends nothing: the kernel picks the route, and our address on it.
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.connect(9, address, resolve);
    });
    return socket.address().address;
  } finally {
    socket.close();
  }
}
