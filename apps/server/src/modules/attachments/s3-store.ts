import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import {
  checkedArchive,
  checkedKey,
  type FileStore,
  Meter,
  mapUploadError,
  TEMP_PREFIX,
  tooLarge,
  truncated,
} from './file-store.ts';
import type { S3Location } from './s3-url.ts';

/**
 * The file store on S3-compatible object storage (S3_URL), for several servers: same behaviour as
 * the folder. An upload streams through lib-storage's multipart upload one part at a time; the
 * temporary object is copied to its key when the row commits (S3 has no rename).
 */
/** Part size of a streamed upload: one part in memory at a time (queueSize 1). */
const S3_PART_BYTES = 5 * 1024 * 1024;

export function s3Store(location: S3Location): FileStore {
  const client = new S3Client({
    endpoint: location.endpoint,
    region: location.region,
    forcePathStyle: true,
    credentials: { accessKeyId: location.accessKeyId, secretAccessKey: location.secretAccessKey },
    // Plain payloads: checksums only where the operation requires one (some S3-compatible servers
    // do not understand the SDK's default trailing checksums).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = location.bucket;
  const prefixOf = (archiveId: number) => `${location.prefix}${checkedArchive(archiveId)}/`;
  const objectOf = (archiveId: number, key: string) => `${prefixOf(archiveId)}${checkedKey(key)}`;
  const tempOf = (archiveId: number, tempKey: string) => `${prefixOf(archiveId)}${tempKey}`;
  const missing = (error: unknown) =>
    error instanceof NoSuchKey ||
    error instanceof NotFound ||
    (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

  return {
    kind: 's3',
    async receive(archiveId, source, maxBytes) {
      const tempKey = `${TEMP_PREFIX}${randomBytes(12).toString('base64url')}`;
      const meter = new Meter(maxBytes);
      const upload = new Upload({
        client,
        params: { Bucket, Key: tempOf(archiveId, tempKey), Body: meter },
        partSize: S3_PART_BYTES,
        queueSize: 1,
        leavePartsOnError: false,
      });
      try {
        await Promise.all([
          pipeline(source, meter).catch((error) => {
            meter.destroy(error as Error);
            throw error;
          }),
          upload.done(),
        ]);
        if (truncated(source)) throw tooLarge(maxBytes);
      } catch (error) {
        await upload.abort().catch(() => undefined);
        await client
          .send(new DeleteObjectCommand({ Bucket, Key: tempOf(archiveId, tempKey) }))
          .catch(() => undefined);
        throw mapUploadError(error, maxBytes);
      }
      return { tempKey, size: meter.bytesSeen, head: meter.head() };
    },
    async commit(archiveId, received, key) {
      const from = tempOf(archiveId, received.tempKey);
      await client.send(
        new CopyObjectCommand({ Bucket, Key: objectOf(archiveId, key), CopySource: `${Bucket}/${from}` }),
      );
      await client.send(new DeleteObjectCommand({ Bucket, Key: from }));
    },
    async discard(archiveId, received) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: tempOf(archiveId, received.tempKey) }));
    },
    async put(archiveId, key, bytes) {
      await client.send(new PutObjectCommand({ Bucket, Key: objectOf(archiveId, key), Body: bytes }));
    },
    async open(archiveId, key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: objectOf(archiveId, key) }));
        return { stream: answer.Body as Readable, size: Number(answer.ContentLength ?? 0) };
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async size(archiveId, key) {
      try {
        const answer = await client.send(new HeadObjectCommand({ Bucket, Key: objectOf(archiveId, key) }));
        return Number(answer.ContentLength ?? 0);
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async remove(archiveId, key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectOf(archiveId, key) }));
    },
    async *list(archiveId) {
      const Prefix = prefixOf(archiveId);
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken }));
        for (const item of page.Contents ?? []) {
          const key = (item.Key ?? '').slice(Prefix.length);
          if (!key || key.includes('/')) continue;
          yield { key, temporary: key.startsWith(TEMP_PREFIX), modifiedAt: item.LastModified ?? new Date() };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    close() {
      client.destroy();
    },
  };
}
