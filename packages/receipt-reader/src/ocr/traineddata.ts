import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export type TrainedDataVariant = 'fast' | 'best_int';

export interface TrainedDataLocation {
  /** Directory handed to tesseract.js as `langPath`: a plain filesystem path, never a URL. */
  langPath: string;
  gzip: boolean;
  file: string;
}

const VARIANT_FOLDERS: Record<TrainedDataVariant, string> = { fast: '4.0.0', best_int: '4.0.0_best_int' };

export class TrainedDataMissingError extends Error {
  constructor(file: string) {
    super(
      `Tesseract traineddata not found at ${file}. Install @tesseract.js-data/eng (npm install -w server); ` +
        'OCR never downloads language data.',
    );
    this.name = 'TrainedDataMissingError';
  }
}

/**
 * Finds eng.traineddata inside @tesseract.js-data/eng. tesseract.js falls back to a CDN when langPath is
 * empty or a URL, and a missing local file crashes its worker thread, so we resolve and check it first.
 */
export function resolveTrainedData(variant: TrainedDataVariant = 'best_int', packageDir = findDataPackage()): TrainedDataLocation {
  const langPath = path.join(packageDir, VARIANT_FOLDERS[variant] ?? String(variant));
  const gzFile = path.join(langPath, 'eng.traineddata.gz');
  if (existsSync(gzFile)) return { langPath, gzip: true, file: gzFile };
  const rawFile = path.join(langPath, 'eng.traineddata');
  if (existsSync(rawFile)) return { langPath, gzip: false, file: rawFile };
  throw new TrainedDataMissingError(gzFile);
}

function findDataPackage(): string {
  try {
    return path.dirname(createRequire(import.meta.url).resolve('@tesseract.js-data/eng/package.json'));
  } catch {
    throw new TrainedDataMissingError('@tesseract.js-data/eng');
  }
}
