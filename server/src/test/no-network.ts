import net from 'node:net';

// Tests must never reach outside this machine: refuse any socket to a non-loopback address.
const isLoopback = (host: string | undefined) =>
  !host || host === 'localhost' || host.startsWith('127.') || host === '::1' || host === '[::1]';

const originalConnect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function patchedConnect(this: net.Socket, ...args: unknown[]) {
  const first = args[0];
  const host =
    typeof first === 'object' && first !== null && 'host' in first
      ? String((first as { host?: string }).host ?? '')
      : typeof args[1] === 'string'
        ? args[1]
        : undefined;
  const isPath = typeof first === 'object' && first !== null && 'path' in first;
  if (!isPath && !isLoopback(host)) throw new Error(`Outbound network refused in tests: ${host}`);
  return (originalConnect as (...a: unknown[]) => net.Socket).apply(this, args);
};
