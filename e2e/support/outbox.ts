import { existsSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';

/** One email the server wrote to DATA_DIR/outbox (no SMTP_URL configured). */
export interface OutboxMessage {
  file: string;
  writtenAt: Date;
  headers: Record<string, string>;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Every http(s) link in the text and html bodies, in order, without duplicates. */
  links: string[];
}

/** Parses every .eml file in `dataDir/outbox`, oldest first. Returns [] when the outbox does not exist. */
export async function readOutbox(dataDir: string = e2eDataDir()): Promise<OutboxMessage[]> {
  const dir = path.join(dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  const names = (await readdir(dir, { recursive: true })).filter((name) => name.endsWith('.eml'));
  const messages = await Promise.all(
    names.map(async (name) => {
      const file = path.join(dir, name);
      const [raw, info] = await Promise.all([readFile(file), stat(file)]);
      return parseEml(raw.toString('latin1'), file, info.mtime);
    }),
  );
  return messages.sort(
    (a, b) => a.writtenAt.getTime() - b.writtenAt.getTime() || a.file.localeCompare(b.file),
  );
}

/** Polls the outbox until a message matching `predicate` appears (emails may be written after the response). */
export async function waitForEmail(
  predicate: (message: OutboxMessage) => boolean,
  { dataDir = e2eDataDir(), timeoutMs = 10_000 }: { dataDir?: string; timeoutMs?: number } = {},
): Promise<OutboxMessage> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await readOutbox(dataDir)).filter(predicate).at(-1);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No email matching the predicate in ${dataDir}/outbox`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The DATA_DIR of the server started by the global setup. */
export function e2eDataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set (with an external server, set it to its DATA_DIR)');
  return dir;
}

// --- a small MIME reader: enough for what nodemailer writes (multipart, quoted-printable, base64) ---

interface Part {
  headers: Record<string, string>;
  body: string; // raw, as latin1 "binary" string
}

export function parseEml(raw: string, file = '', writtenAt = new Date(0)): OutboxMessage {
  const root = splitPart(raw.replace(/\r\n/g, '\n'));
  const leaves = flatten(root);
  const pick = (type: string) =>
    leaves
      .filter(
        (p) => contentType(p).startsWith(type) && !/attachment/i.test(p.headers['content-disposition'] ?? ''),
      )
      .map(decodeBody)
      .join('\n');
  const text = pick('text/plain');
  const html = pick('text/html');
  const headers = Object.fromEntries(Object.entries(root.headers).map(([k, v]) => [k, decodeWords(v)]));
  return {
    file,
    writtenAt,
    headers,
    from: headers.from ?? '',
    to: headers.to ?? '',
    subject: headers.subject ?? '',
    text,
    html,
    links: extractLinks(`${text}\n${html}`),
  };
}

function splitPart(raw: string): Part {
  const end = raw.indexOf('\n\n');
  const head = end === -1 ? raw : raw.slice(0, end);
  const body = end === -1 ? '' : raw.slice(end + 2);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function contentType(part: Part): string {
  return (part.headers['content-type'] ?? 'text/plain').toLowerCase();
}

function param(header: string, name: string): string | undefined {
  const match = new RegExp(`${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, 'i').exec(header);
  return match ? (match[1] ?? match[2]) : undefined;
}

function flatten(part: Part): Part[] {
  const type = part.headers['content-type'] ?? '';
  const boundary = /^multipart\//i.test(type) ? param(type, 'boundary') : undefined;
  if (!boundary) return [part];
  const sections = part.body.split(`--${boundary}`);
  // First section is the preamble; the one after the closing "--boundary--" starts with "--".
  return sections
    .slice(1)
    .filter((section) => !section.startsWith('--'))
    .flatMap((section) => flatten(splitPart(section.replace(/^\n/, ''))));
}

function decodeBody(part: Part): string {
  const encoding = (part.headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const charset = param(part.headers['content-type'] ?? '', 'charset') ?? 'utf-8';
  let bytes: Buffer;
  if (encoding === 'base64') bytes = Buffer.from(part.body.replace(/\s+/g, ''), 'base64');
  else if (encoding === 'quoted-printable') bytes = decodeQuotedPrintable(part.body);
  else bytes = Buffer.from(part.body, 'latin1');
  return new TextDecoder(charset).decode(bytes).replace(/\n$/, '');
}

function decodeQuotedPrintable(body: string): Buffer {
  const soft = body.replace(/=\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(soft.charCodeAt(i) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= / =?UTF-8?B?...?=) in headers such as Subject. */
function decodeWords(value: string): string {
  const decoded = value
    .replace(/(\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_all, charset: string, kind: string, text: string) => {
      const bytes =
        kind.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64')
          : decodeQuotedPrintable(text.replace(/_/g, ' '));
      return new TextDecoder(charset).decode(bytes);
    });
  // Headers that were not encoded are raw bytes: reinterpret them as UTF-8.
  return decoded === value ? Buffer.from(value, 'latin1').toString('utf8') : decoded;
}

function extractLinks(content: string): string[] {
  const links = (content.match(/https?:\/\/[^\s"'<>)\]]+/g) ?? []).map((link) =>
    link.replace(/&amp;/g, '&').replace(/[.,;]+$/, ''),
  );
  return [...new Set(links)];
}
