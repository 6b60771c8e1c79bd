// The peer the product is measured beside: PostGraphile 5 (amber preset) over the bench's database,
// on node:http, with no authentication or tenant scoping at all: its upper bound. Schema watching
// and GraphiQL are off; the pool holds as many connections as the product's and the plain handler's.
// Env: DATABASE_URL, PORT. Run: node --import tsx --import ./bench/peer/polyfill.ts bench/peer/server.ts
import { createServer } from 'node:http';
import { postgraphile } from 'postgraphile';
import { makePgService } from 'postgraphile/adaptors/pg';
import { grafserv } from 'postgraphile/grafserv/node';
import { PostGraphileAmberPreset } from 'postgraphile/presets/amber';

const connectionString = process.env.DATABASE_URL;
const port = Number(process.env.PORT ?? 4200);
if (!connectionString) throw new Error('DATABASE_URL is required');

const pgl = postgraphile({
  extends: [PostGraphileAmberPreset],
  pgServices: [makePgService({ connectionString, schemas: ['public'], poolConfig: { max: 10 } })],
  grafserv: { watch: false, graphiql: false },
});
const serv = pgl.createServ(grafserv);
const server = createServer();
await serv.addTo(server);
server.listen(port, '127.0.0.1');

async function shutdown(): Promise<void> {
  server.close();
  await pgl.release();
  process.exit(0);
}
process.once('SIGTERM', () => void shutdown());
process.once('SIGINT', () => void shutdown());
