import net from 'node:net';

/**
 * A minimal SMTP server on localhost that accepts every message, so mail really leaves through a transport;
 * `acceptDelayMs` makes it slow to accept, as a distant mail server is.
 */
export async function startSmtpSink(options: { acceptDelayMs?: number } = {}) {
  const received: string[] = [];
  const server = net.createServer((socket) => {
    let inData = false;
    let buffer = '';
    socket.write('220 sink ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString();
      let end: number;
      while (inData ? (end = buffer.indexOf('\r\n.\r\n')) >= 0 : (end = buffer.indexOf('\r\n')) >= 0) {
        if (inData) {
          received.push(buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          inData = false;
          setTimeout(() => socket.write('250 queued\r\n'), options.acceptDelayMs ?? 0);
          continue;
        }
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'DATA') {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
