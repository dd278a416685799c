// The yardsticks of external-api.mjs, in their own process like the real server, with no
// logging, no hooks and no database: /bare answers a small JSON object; /same-bytes answers
// the bytes of the file BARE_BODY_FILE (the measured API call's answer) as JSON.
import fs from 'node:fs';
import Fastify from 'fastify';

const sameBytes = process.env.BARE_BODY_FILE ? fs.readFileSync(process.env.BARE_BODY_FILE) : Buffer.from('{}');
const app = Fastify({ logger: false });
app.get('/bare', async () => ({ ok: true }));
app.get('/same-bytes', (_request, reply) => {
  reply.header('content-type', 'application/json; charset=utf-8').send(sameBytes);
});
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
