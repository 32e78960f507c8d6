import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyContextConfig,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type RawServerDefault,
} from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import helmet from 'helmet';
import { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { ZodType } from 'zod';
import type { Config } from './config.ts';
import type { DialectName } from './db/database.ts';
import type { Database } from './db/schema.ts';
import { registerAuthGuard } from './modules/auth/auth-guard.ts';
import { LoginThrottle } from './modules/auth/login-throttle.ts';
import { databaseRateLimitStore } from './modules/auth/rate-limit-store.ts';
import { RedisThrottleStore } from './modules/auth/throttle-store.redis.ts';
import { DatabaseThrottleStore } from './modules/auth/throttle-store.ts';
import { registerChangeAuthor } from './modules/history/history-context.ts';
import { routeModules } from './modules/routes.ts';
import { AppError } from './shared/app-error.ts';
import { toErrorEnvelope } from './shared/error-handler.ts';
import { isPrivateApiUrl, onClientError, onFrameworkError, serializeRequest } from './shared/http-edge.ts';
import { registerIdempotency } from './shared/idempotency-hook.ts';
import { createMailer, type Mailer } from './shared/mailer.ts';
import { openApiTransform, openApiTransformObject } from './shared/openapi.ts';
import { passwordQueue } from './shared/passwords.ts';
import { retryMessage } from './shared/retry-message.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Kysely<Database>;
    dialect: DialectName;
    mailer: Mailer;
    loginThrottle: LoginThrottle;
    /** Work started after an answer (e.g. the recovery email): awaited when the app closes. */
    afterResponse(work: () => Promise<unknown>): void;
    /** Resolves once every work started by afterResponse has ended. */
    settled(): Promise<void>;
    /** Every route registered, with its config (what the permission and fuzz tests walk). */
    routeTable: RegisteredRoute[];
  }
}

export interface RegisteredRoute {
  method: string;
  url: string;
  config: FastifyContextConfig;
}

export type AppInstance = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export interface BuildAppOptions {
  config: Config;
  db: Kysely<Database>;
  dialect: DialectName;
  logger?: boolean | object;
  mailer?: Mailer;
  /**
   * Check every response against its zod schema and fail when the schema would change it (a field
   * not in the contract, a wrong type). The test suites turn it on; in production the handlers'
   * mappers already build exactly the contract's shapes and responses are plain JSON.stringify,
   * which saved a tenth of a list request.
   */
  checkResponses?: boolean;
  /** Where the log goes instead of stdout (tests read it). */
  logStream?: { write(line: string): void };
}

const SECRET_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.refreshToken',
  '*.accessToken',
  '*.token',
];

type SerializerCompiler = typeof serializerCompiler;

const plainSerializerCompiler: SerializerCompiler = () => (data) => JSON.stringify(data);

/** fastify-type-provider-zod's serializer, plus: the schema may not drop or change anything. */
const checkedSerializerCompiler: SerializerCompiler = (route) => {
  const checked = serializerCompiler(route);
  return (data) => {
    const json = checked(data);
    const plain = JSON.stringify(data);
    if (json !== plain && !isDeepStrictEqual(JSON.parse(json), JSON.parse(plain))) {
      throw new Error(
        `The response of ${route.method} ${route.url} does not match its schema exactly:\n${plain}\n${json}`,
      );
    }
    return json;
  };
};

/**
 * The same check for answers sent as JSON text (sendPagedJson), which skip the serializer: the text
 * must parse into exactly what the route's response schema makes of it.
 */
function checkJsonText(request: FastifyRequest, reply: FastifyReply, payload: unknown): void {
  if (!String(reply.getHeader('content-type')).includes('json')) return;
  const text =
    typeof payload === 'string'
      ? payload
      : payload instanceof Uint8Array
        ? Buffer.from(payload).toString('utf8')
        : null;
  if (text === null) return;
  const schema = (request.routeOptions.schema?.response as Record<number, unknown> | undefined)?.[
    reply.statusCode
  ];
  if (!(schema instanceof ZodType)) return;
  const sent: unknown = JSON.parse(text);
  const result = schema.safeParse(sent);
  if (!result.success || !isDeepStrictEqual(result.data, sent)) {
    throw new Error(
      `The response of ${request.method} ${request.routeOptions.url} does not match its schema exactly:\n${text}\n${
        result.success ? JSON.stringify(result.data) : result.error.message
      }`,
    );
  }
}

export async function buildApp(options: BuildAppOptions): Promise<AppInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      redact: { paths: SECRET_PATHS, censor: '[nascosto]' },
      // Link and portal tokens travel in URLs: the logged URL is redacted.
      serializers: { req: serializeRequest },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    frameworkErrors: onFrameworkError,
    clientErrorHandler: onClientError,
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    // On close, keep-alive connections waiting for their next request are closed at once.
    forceCloseConnections: 'idle',
    ajv: undefined,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(options.checkResponses ? checkedSerializerCompiler : plainSerializerCompiler);
  if (options.checkResponses) {
    app.addHook('onSend', async (request, reply, payload) => {
      checkJsonText(request, reply, payload);
      return payload;
    });
  }
  app.decorate('config', config);
  app.decorate('db', options.db);
  app.decorate('dialect', options.dialect);
  app.decorate(
    'mailer',
    options.mailer ??
      createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log }),
  );

  // Limits shared by every process and server: Redis when REDIS_URL is set, else the database.
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2, connectTimeout: 5000 })
    : undefined;
  const throttleStore = redis
    ? new RedisThrottleStore(redis, config.redisPrefix)
    : new DatabaseThrottleStore(options.db, options.dialect);
  app.decorate(
    'loginThrottle',
    new LoginThrottle({ store: throttleStore, factor: config.authRateLimitFactor }),
  );
  passwordQueue.setLimits(config.passwordConcurrency, config.passwordQueue);
  const pending = new Set<Promise<unknown>>();
  app.decorate('afterResponse', (work: () => Promise<unknown>) => {
    const running = new Promise((resolve) => setImmediate(resolve))
      .then(work)
      .catch((err: unknown) => app.log.error({ err }, 'work after the answer failed'))
      .finally(() => pending.delete(running));
    pending.add(running);
  });
  const settled = async () => {
    while (pending.size > 0) await Promise.all(pending);
  };
  app.decorate('settled', settled);
  app.addHook('onClose', async () => {
    await settled();
    await throttleStore.close();
    await redis?.quit().catch(() => redis.disconnect());
  });

  app.setErrorHandler((error, request, reply) => {
    const { status, body, unexpected } = toErrorEnvelope(error, hasZodFastifySchemaValidationErrors(error));
    if (unexpected) request.log.error({ err: error }, 'unexpected error');
    if (error instanceof AppError && error.retryAfterSeconds !== undefined)
      reply.header('retry-after', String(error.retryAfterSeconds));
    return reply.code(status).send(body);
  });

  // Security headers (CSP and the rest), set on each response by helmet's middleware, made once here:
  // the Fastify plugin of helmet makes it again on every request (each directive parsed anew), which
  // cost about a fifth of the server's time on /health.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // HSTS over plain http would pin a browser to an https the server does not offer.
    strictTransportSecurity: config.publicUrl.startsWith('https:') ? undefined : false,
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error) => done(error instanceof Error ? error : undefined)),
  );
  app.addHook('onRequest', (request, reply, done) => {
    if (isPrivateApiUrl(request.url)) reply.raw.setHeader('Cache-Control', 'no-store');
    done();
  });
  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis
      ? { redis, nameSpace: `${config.redisPrefix}rate-limit:` }
      : { store: databaseRateLimitStore(options.db, app.log) }),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: 121,
      message: retryMessage(context.ttl),
    }),
  });
  await app.register(fastifyMultipart, { limits: { fileSize: config.maxUploadBytes, files: 5, fields: 20 } });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Stabile API',
        description: 'API di Stabile: archivi, attività, contatti, fornitori, condomini e rate.',
        version: '1.0.0',
      },
      servers: [{ url: config.publicUrl, description: 'Questo server' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          archive: { type: 'apiKey', in: 'header', name: 'X-Archive-Id' },
        },
      },
    },
    transform: openApiTransform,
    transformObject: openApiTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const routeTable: RegisteredRoute[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      routeTable.push({ method, url: route.url, config: (route.config ?? {}) as FastifyContextConfig });
    }
  });

  registerAuthGuard(app);
  registerIdempotency(app);
  registerChangeAuthor(app);
  for (const routes of routeModules) await app.register(routes);

  const webDist = config.webDist;
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text asset: sent as the browser accepts them.
      preCompressed: true,
      setHeaders(res, filePath) {
        const name = path.basename(filePath);
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        } else if (name === 'sw.js' || name.endsWith('.html') || name.endsWith('.webmanifest')) {
          res.header('Cache-Control', 'no-cache');
        }
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isApi = url.startsWith('/api') || url.startsWith('/user') || url === '/health';
    if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD') && !path.extname(url)) {
      reply.header('Cache-Control', 'no-cache');
      return reply.sendFile('index.html');
    }
    return reply.code(404).send({
      data: null,
      error: { code: 122, message: 'Risorsa non trovata.', status: 404 },
    });
  });

  return app;
}
