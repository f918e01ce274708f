import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { ObjectStorageConfig } from '../storage/file-store';

export interface TestS3Server {
  /** Settings for a fresh bucket on the server; every call names a new one. */
  config: ObjectStorageConfig;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver: the S3 REST API over HTTP, objects kept in a temp folder) on a free localhost
 * port, with one bucket, so the storage code is tested against the protocol rather than a mock.
 */
export async function startS3Server(bucket = 'cartwise-test'): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'cartwise-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    // s3rver's fixed credentials.
    config: {
      endpoint: `http://127.0.0.1:${port}`,
      bucket,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      prefix: 'uploads',
    },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
