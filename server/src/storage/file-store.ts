import fs from 'node:fs/promises';
import path from 'node:path';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';

/**
 * Where uploaded files live: under DATA_DIR/uploads by default, or in an S3-compatible bucket when one is configured,
 * so that several instances read each other's uploads. Keys are relative paths such as `receipts/<user>/<id>.jpg`.
 */
export interface FileStore {
  readonly kind: 'local' | 's3';
  putFile(key: string, data: Buffer, contentType?: string): Promise<void>;
  /** The file's bytes; throws FileNotFoundError when there is none. */
  readFile(key: string): Promise<Buffer>;
  /** Removes the file; a missing one is fine. */
  deleteFile(key: string): Promise<void>;
  /** Removes every file whose key starts with `prefix/` (e.g. all of one shopper's receipts). */
  deleteFolder(prefix: string): Promise<void>;
  /** Bytes stored in all, for the operator's health page. */
  totalBytes(): Promise<number>;
  /** Throws when the store cannot be reached (start-up check). */
  check(): Promise<void>;
}

export interface ObjectStorageConfig {
  /** Empty for AWS itself; the URL of MinIO, Garage, R2, ... otherwise. */
  endpoint: string | null;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Keys are stored under this folder of the bucket ('' for its root). */
  prefix: string;
}

export class FileNotFoundError extends Error {
  constructor(key: string) {
    super(`no stored file ${key}`);
    this.name = 'FileNotFoundError';
  }
}

/** Keys come from our own ids, but a key that could leave its folder is refused whatever stores it. */
function assertSafeKey(key: string): void {
  if (
    key === '' ||
    key.startsWith('/') ||
    key.split('/').some((part) => part === '' || part === '.' || part === '..') ||
    key.includes('\\')
  ) {
    throw new Error(`unsafe file key: ${key}`);
  }
}

export function createLocalFileStore(dataDir: string): FileStore {
  const root = path.join(dataDir, 'uploads');
  const resolve = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  async function sizeOf(dir: string): Promise<number> {
    const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
    let total = 0;
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) total += await sizeOf(full);
      else total += (await fs.stat(full).catch(() => ({ size: 0 }))).size;
    }
    return total;
  }
  return {
    kind: 'local',
    async putFile(key, data) {
      const file = resolve(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, data);
    },
    async readFile(key) {
      try {
        return await fs.readFile(resolve(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new FileNotFoundError(key);
        throw err;
      }
    },
    async deleteFile(key) {
      await fs.rm(resolve(key), { force: true });
    },
    async deleteFolder(prefix) {
      await fs.rm(resolve(prefix), { recursive: true, force: true });
    },
    totalBytes: () => sizeOf(root),
    async check() {
      await fs.mkdir(root, { recursive: true });
      await fs.access(root, fs.constants.W_OK);
    },
  };
}

export function createS3FileStore(config: ObjectStorageConfig): FileStore {
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint, forcePathStyle: true } : {}),
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Checksums only where S3 requires them: several S3-compatible servers do not take the newer checksum headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const base = config.prefix.replace(/^\/+|\/+$/g, '');
  const toObjectKey = (key: string) => {
    assertSafeKey(key);
    return base ? `${base}/${key}` : key;
  };
  async function* listKeys(prefix: string) {
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: config.bucket, Prefix: prefix, ContinuationToken: token }));
      for (const item of page.Contents ?? []) if (item.Key) yield { key: item.Key, size: item.Size ?? 0 };
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
  return {
    kind: 's3',
    async putFile(key, data, contentType) {
      await client.send(new PutObjectCommand({ Bucket: config.bucket, Key: toObjectKey(key), Body: data, ContentType: contentType }));
    },
    async readFile(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: toObjectKey(key) }));
        if (!object.Body) throw new FileNotFoundError(key);
        return Buffer.from(await object.Body.transformToByteArray());
      } catch (err) {
        const name = (err as { name?: string }).name;
        if (name === 'NoSuchKey' || name === 'NotFound') throw new FileNotFoundError(key);
        throw err;
      }
    },
    async deleteFile(key) {
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: toObjectKey(key) }));
    },
    async deleteFolder(prefix) {
      let batch: { Key: string }[] = [];
      const flush = async () => {
        if (batch.length > 0)
          await client.send(new DeleteObjectsCommand({ Bucket: config.bucket, Delete: { Objects: batch, Quiet: true } }));
        batch = [];
      };
      for await (const item of listKeys(`${toObjectKey(prefix)}/`)) {
        batch.push({ Key: item.key });
        if (batch.length === 1000) await flush();
      }
      await flush();
    },
    async totalBytes() {
      let total = 0;
      for await (const item of listKeys(base ? `${base}/` : '')) total += item.size;
      return total;
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket: config.bucket }));
    },
  };
}

export function createFileStore(options: { dataDir: string; objectStorage: ObjectStorageConfig | null }): FileStore {
  return options.objectStorage ? createS3FileStore(options.objectStorage) : createLocalFileStore(options.dataDir);
}
