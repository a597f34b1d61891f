// Which file store the server uses, from the configuration: the local folder by default, or an
// S3-compatible bucket when FILES_URL names one.
import path from 'node:path';
import type { Config } from './config';
import { createLocalFileStorage, type FileStorage } from './lib/file-storage';
import { createS3FileStorage, parseFilesUrl } from './lib/s3-file-storage';

export function createFileStore(config: Config): FileStorage {
  if (!config.FILES_URL) return createLocalFileStorage(path.join(config.DATA_DIR, 'files'));
  const endpoint = config.AWS_ENDPOINT_URL_S3;
  return createS3FileStorage(parseFilesUrl(config.FILES_URL), {
    tempDir: path.join(config.DATA_DIR, 'uploads'),
    clientConfig: {
      region: config.AWS_REGION,
      ...(endpoint && { endpoint }),
      forcePathStyle: config.S3_FORCE_PATH_STYLE ?? endpoint !== undefined,
    },
  });
}
