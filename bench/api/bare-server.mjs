// The baseline: a bare Fastify 5 answering each path with the exact bytes the app sent for it (no auth, no
// database, default logging off). Plain JavaScript, like the compiled app. Usage: node bare-server.mjs <port> <bodies.json>
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const [port, bodiesFile] = process.argv.slice(2);
/** @type {Record<string, { body: string; contentType: string }>} */
const bodies = JSON.parse(readFileSync(bodiesFile, 'utf8'));
const app = Fastify();
for (const [url, { body, contentType }] of Object.entries(bodies)) {
  app.get(url, (_request, reply) => reply.type(contentType).send(body));
}
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.stdout.write('ready\n');
