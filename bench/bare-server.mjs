// The yardstick of external-api.mjs: a bare Fastify route answering a small JSON object,
// with no logging, no hooks and no database, in its own process like the real server.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ ok: true }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
