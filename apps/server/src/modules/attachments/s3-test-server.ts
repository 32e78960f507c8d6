import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';

export interface TestS3 {
  /** S3_URL of the running server, bucket "stabile". */
  url: string;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server on this machine (s3rver, from npm) for the storage tests: the same
 * suite runs on the folder store and on S3 through the AWS SDK.
 */
export async function startTestS3(): Promise<TestS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'stabile-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: 'stabile' }],
  });
  const { port } = (await server.run()) as { port: number };
  return {
    url: `http://S3RVER:S3RVER@127.0.0.1:${port}/stabile/allegati`,
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
