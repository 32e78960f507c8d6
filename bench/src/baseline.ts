// Bare Fastify answering a small JSON envelope: the ceiling this machine and Node reach, measured in the
// same run as the real server so the ratio is meaningful. Run as its own process (`PORT=... baseline.ts`).
import Fastify from 'fastify';

const port = Number(process.env.PORT ?? 3499);
const app = Fastify({ logger: false });
app.get('/baseline', async () => ({ data: { status: 'ok', database: 'ok' }, error: null }));
await app.listen({ port, host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
