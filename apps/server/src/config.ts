import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import webpush from 'web-push';
import { z } from 'zod';
import { parseS3Url } from './modules/attachments/s3-url.ts';
import { ensurePrivateDirSync, PRIVATE_FILE_MODE } from './shared/private-files.ts';

/** Raised when the environment is wrong: main.ts prints the message and exits with 1. */
export class ConfigError extends Error {}

const envSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'deve iniziare con postgres:// o postgresql://')
    .optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'deve iniziare con smtp:// o smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Stabile <noreply@stabile.local>'),
  SUPPORT_EMAIL: z.email('deve essere un indirizzo email').default('assistenza@stabile.local'),
  JWT_SECRET: z.string().min(32, 'deve avere almeno 32 caratteri').optional(),
  LINK_SECRET: z.string().min(32, 'deve avere almeno 32 caratteri').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  APP_ENV: z.enum(['production', 'beta', 'dev']).default('production'),
  SEED: z.enum(['0', '1']).default('1'),
  WEB_DIST: z.string().optional(),
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^B[A-Za-z0-9_-]{86}$/, 'deve essere una chiave pubblica VAPID (base64url, 87 caratteri)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'deve essere una chiave privata VAPID (base64url, 43 caratteri)')
    .optional(),
  TRUST_PROXY: z.string().min(1).optional(),
  AUTH_RATE_LIMIT_FACTOR: z.coerce.number().int().min(1).max(1000).default(1),
  MAX_UPLOAD_MB: z.coerce.number().int().min(1).max(200).default(20),
  S3_URL: z
    .string()
    .superRefine((value, ctx) => {
      try {
        parseS3Url(value);
      } catch (error) {
        ctx.addIssue({
          code: 'custom',
          message:
            error instanceof TypeError ? 'non è un indirizzo valido' : String((error as Error).message),
        });
      }
    })
    .optional(),
  WORKERS: z
    .string()
    .regex(/^(auto|[1-9]\d?)$/, 'deve essere "auto" o un numero da 1 a 99')
    .default('1'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/\S+$/, 'deve iniziare con redis:// o rediss://')
    .optional(),
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,64}$/, 'può contenere solo lettere, cifre e i caratteri _ : . - (al massimo 64)')
    .default('stabile:'),
  PASSWORD_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  PASSWORD_QUEUE: z.coerce.number().int().min(0).max(10_000).default(32),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_EVERY: z
    .string()
    .regex(
      /^[1-9]\d{0,4}[mhd]$/,
      'deve essere un numero seguito da m (minuti), h (ore) o d (giorni), es. 24h',
    )
    .default('24h'),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
});

const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** "30m", "24h", "7d" in milliseconds. */
export function durationMs(text: string): number {
  const unit = text.slice(-1) as keyof typeof UNIT_MS;
  return Number(text.slice(0, -1)) * UNIT_MS[unit];
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Where bug reports and suggestions are sent. */
  supportEmail: string;
  jwtSecret: string;
  linkSecret: string;
  logLevel: string;
  appEnv: 'production' | 'beta' | 'dev';
  seed: boolean;
  webDist: string;
  /** Web Push keys: VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY, else generated once into secrets.json. */
  vapid: { publicKey: string; privateKey: string };
  maxUploadBytes: number;
  /** S3_URL: attachments in S3-compatible object storage instead of DATA_DIR/files. */
  s3Url: string | undefined;
  /** Addresses of the reverse proxies whose X-Forwarded-For we believe (comma separated). */
  trustProxy: string | false;
  /** Multiplies every credential-check rate limit (end-to-end suites log in many times). */
  authRateLimitFactor: number;
  /** Server processes sharing the port (WORKERS, "auto" = one per core); the server is stateless. */
  workers: number;
  /** REDIS_URL: login throttling and rate limits in Redis instead of the database. */
  redisUrl: string | undefined;
  /** Prefix of every Redis key (several deployments may share one Redis). */
  redisPrefix: string;
  /** Password hashes and checks running at once in one process, and waiting beyond them. */
  passwordConcurrency: number;
  passwordQueue: number;
  /** On SIGTERM/SIGINT, how long requests in flight may take before the process exits anyway. */
  shutdownTimeoutMs: number;
  /** Scheduled backups (SQLite only): off unless BACKUP_DIR is set. */
  backup: { dir: string; everyMs: number; keep: number } | undefined;
}

interface Secrets {
  jwtSecret: string;
  linkSecret: string;
  /** Web Push (VAPID) key pair, base64url as web-push generates it. */
  vapidPublicKey: string;
  vapidPrivateKey: string;
}

/**
 * Secrets not given in the environment are generated once and kept in DATA_DIR/secrets.json (a file
 * written by an older version gains the missing ones, the others are kept).
 */
function loadSecrets(dataDir: string): Secrets {
  const file = path.join(dataDir, 'secrets.json');
  const stored = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<Secrets>) : {};
  const vapid =
    stored.vapidPublicKey && stored.vapidPrivateKey
      ? { publicKey: stored.vapidPublicKey, privateKey: stored.vapidPrivateKey }
      : webpush.generateVAPIDKeys();
  const secrets: Secrets = {
    jwtSecret: stored.jwtSecret ?? randomBytes(48).toString('base64url'),
    linkSecret: stored.linkSecret ?? randomBytes(48).toString('base64url'),
    vapidPublicKey: vapid.publicKey,
    vapidPrivateKey: vapid.privateKey,
  };
  const changed = (Object.keys(secrets) as (keyof Secrets)[]).some((key) => stored[key] !== secrets[key]);
  if (changed) writeFileSync(file, JSON.stringify(secrets), { mode: PRIVATE_FILE_MODE });
  if (existsSync(file)) chmodSync(file, PRIVATE_FILE_MODE);
  return secrets;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Configurazione non valida: ${String(issue.path[0])} ${issue.message}`);
  }
  const e = parsed.data;
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY))
    throw new ConfigError(
      'Configurazione non valida: VAPID_PUBLIC_KEY e VAPID_PRIVATE_KEY vanno date insieme',
    );
  const dataDir = path.resolve(e.DATA_DIR);
  try {
    ensurePrivateDirSync(dataDir);
  } catch {
    throw new ConfigError(`Configurazione non valida: DATA_DIR (${dataDir}) non è una cartella scrivibile`);
  }
  const secrets =
    e.JWT_SECRET && e.LINK_SECRET && e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY ? null : loadSecrets(dataDir);
  if (e.BACKUP_DIR && e.DATABASE_URL)
    throw new ConfigError(
      'Configurazione non valida: BACKUP_DIR vale per il database SQLite; per PostgreSQL usa pg_dump (vedi il README)',
    );
  const webDist = e.WEB_DIST ?? path.resolve(import.meta.dirname, '../../web/dist');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    jwtSecret: e.JWT_SECRET ?? secrets!.jwtSecret,
    linkSecret: e.LINK_SECRET ?? secrets!.linkSecret,
    logLevel: e.LOG_LEVEL,
    appEnv: e.APP_ENV,
    seed: e.SEED === '1',
    webDist,
    vapid:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : { publicKey: secrets!.vapidPublicKey, privateKey: secrets!.vapidPrivateKey },
    maxUploadBytes: e.MAX_UPLOAD_MB * 1024 * 1024,
    s3Url: e.S3_URL,
    trustProxy: e.TRUST_PROXY ?? false,
    authRateLimitFactor: e.AUTH_RATE_LIMIT_FACTOR,
    workers: e.WORKERS === 'auto' ? availableParallelism() : Number(e.WORKERS),
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    passwordConcurrency: e.PASSWORD_CONCURRENCY,
    passwordQueue: e.PASSWORD_QUEUE,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    backup: e.BACKUP_DIR
      ? { dir: path.resolve(e.BACKUP_DIR), everyMs: durationMs(e.BACKUP_EVERY), keep: e.BACKUP_KEEP }
      : undefined,
  };
}
