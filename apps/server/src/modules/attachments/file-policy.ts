import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../../shared/app-error.ts';

/**
 * What may be stored and how it is served: the type is read from the content (magic bytes), never
 * from the name or the browser's claim; the name is reduced to a safe base name whose extension
 * agrees with the content; only PDFs, common images and plain text are shown inline.
 */

interface Kind {
  /** The type served (the detected one; for zip and OLE containers, the document's by extension). */
  contentType: string;
  extensions: readonly string[];
  inline: boolean;
}

const KINDS: Record<string, Kind> = {
  'application/pdf': { contentType: 'application/pdf', extensions: ['pdf'], inline: true },
  'image/jpeg': { contentType: 'image/jpeg', extensions: ['jpg', 'jpeg'], inline: true },
  'image/png': { contentType: 'image/png', extensions: ['png'], inline: true },
  'image/gif': { contentType: 'image/gif', extensions: ['gif'], inline: true },
  'image/webp': { contentType: 'image/webp', extensions: ['webp'], inline: true },
  'image/heic': { contentType: 'image/heic', extensions: ['heic', 'heif'], inline: false },
  'image/tiff': { contentType: 'image/tiff', extensions: ['tif', 'tiff'], inline: false },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': {
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extensions: ['docx'],
    inline: false,
  },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    extensions: ['xlsx'],
    inline: false,
  },
  'application/vnd.oasis.opendocument.text': {
    contentType: 'application/vnd.oasis.opendocument.text',
    extensions: ['odt'],
    inline: false,
  },
  'application/vnd.oasis.opendocument.spreadsheet': {
    contentType: 'application/vnd.oasis.opendocument.spreadsheet',
    extensions: ['ods'],
    inline: false,
  },
  // Office documents read from their first bytes only show their container.
  'application/zip': {
    contentType: 'application/zip',
    extensions: ['zip', 'docx', 'xlsx', 'pptx', 'odt', 'ods'],
    inline: false,
  },
  'application/x-cfb': {
    contentType: 'application/x-cfb',
    extensions: ['doc', 'xls', 'ppt', 'msg'],
    inline: false,
  },
};
const TEXT: Kind = { contentType: 'text/plain; charset=utf-8', extensions: ['txt', 'csv'], inline: true };

export interface AcceptedFile {
  /** The name shown and sent back in Content-Disposition. */
  nomeFile: string;
  contentType: string;
  extension: string;
}

/** A safe display name: the base name only, no control or quote characters, at most 200 characters. */
export function safeBaseName(name: string): string {
  const base = path.posix
    .basename(name.replace(/\\/g, '/'))
    .split('')
    .filter((ch) => ch.charCodeAt(0) >= 32 && ch.charCodeAt(0) !== 127 && !'"<>:|?*'.includes(ch))
    .join('')
    .replace(/^[.\s]+/, '')
    .trim();
  return (base || 'allegato').slice(0, 200);
}

function isUtf8Text(head: Buffer): boolean {
  if (head.includes(0)) return false;
  // A multi-byte character cut at the end of the head is not an error.
  const decoded = new TextDecoder('utf-8', { fatal: false }).decode(head);
  const bad = decoded.slice(0, -2).includes('\uFFFD');
  return !bad;
}

/** Reads the type of a received file from its first bytes; 113 when the type is not accepted. */
export async function acceptFile(
  originalName: string | undefined,
  head: Buffer,
  size: number,
): Promise<AcceptedFile> {
  if (size === 0) throw new AppError(113, 'Il file è vuoto.');
  let name = safeBaseName(originalName ?? '');
  const ext = path.extname(name).slice(1).toLowerCase();
  const detected = await fileTypeFromBuffer(head);
  let kind: Kind | undefined;
  if (detected) kind = KINDS[detected.mime];
  else if (TEXT.extensions.includes(ext) && isUtf8Text(head)) kind = TEXT;
  if (!kind) {
    throw new AppError(113, "Tipo di file non ammesso: allega un PDF, un'immagine, un documento o un testo.");
  }
  // The name's extension must agree with the content (a PDF called pagina.html is pagina.html.pdf).
  if (!kind.extensions.includes(ext)) {
    const canonical = kind.extensions[0] as string;
    name = `${name.slice(0, 195)}.${canonical}`;
  }
  const finalExt = path.extname(name).slice(1).toLowerCase();
  let contentType = kind.contentType;
  if (kind === TEXT && finalExt === 'csv') contentType = 'text/csv; charset=utf-8';
  return { nomeFile: name, contentType, extension: finalExt };
}

/** Whether a stored type may be shown inside the preview frame (else it is always downloaded). */
export function previewable(contentType: string): boolean {
  return (
    Object.values(KINDS).some((kind) => kind.inline && kind.contentType === contentType) ||
    contentType.startsWith('text/plain') ||
    contentType.startsWith('text/csv')
  );
}

/**
 * Content-Disposition per RFC 6266: an ASCII fallback `filename` and the exact name in `filename*`
 * (RFC 5987 percent-encoding of UTF-8).
 */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const fallback = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
