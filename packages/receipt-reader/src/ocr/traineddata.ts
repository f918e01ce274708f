import { copyFileSync, existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

export type TrainedDataVariant = 'fast' | 'best_int';

export interface TrainedDataLocation {
  /** Directory holding the language's file: a plain filesystem path, never a URL. */
  langPath: string;
  gzip: boolean;
  file: string;
}

/** What tesseract.js is given to load a set of languages. */
export interface LanguageDataLocation {
  /** One directory holding `<language>.traineddata` for every language asked for: a filesystem path, never a URL. */
  langPath: string;
  /** The files are named without `.gz`: tesseract.js gunzips what starts with gzip's magic bytes whatever its name. */
  gzip: false;
}

const VARIANT_FOLDERS: Record<TrainedDataVariant, string> = { fast: '4.0.0', best_int: '4.0.0_best_int' };
/** Tesseract's language codes (`eng`, `chi_sim`); anything else could name a path outside the data packages. */
const LANGUAGE_CODE = /^[a-z]{3}(_[a-z]+)?$/;

export class TrainedDataMissingError extends Error {
  constructor(language: string, where: string) {
    super(
      `Tesseract traineddata for "${language}" not found at ${where}. Install @tesseract.js-data/${language} ` +
        '(a dependency of @cartwise/receipt-reader: run npm install); OCR never downloads language data.',
    );
    this.name = 'TrainedDataMissingError';
  }
}

/**
 * Finds `<language>.traineddata` inside @tesseract.js-data/<language>. tesseract.js falls back to a CDN when langPath
 * is empty or a URL, and a missing local file crashes its worker thread, so we resolve and check it first.
 */
export function resolveTrainedData(
  language = 'eng',
  variant: TrainedDataVariant = 'best_int',
  packageDir = findDataPackage(language),
): TrainedDataLocation {
  const langPath = path.join(packageDir, VARIANT_FOLDERS[variant] ?? String(variant));
  const gzFile = path.join(langPath, `${language}.traineddata.gz`);
  if (existsSync(gzFile)) return { langPath, gzip: true, file: gzFile };
  const rawFile = path.join(langPath, `${language}.traineddata`);
  if (existsSync(rawFile)) return { langPath, gzip: false, file: rawFile };
  throw new TrainedDataMissingError(language, gzFile);
}

function findDataPackage(language: string): string {
  if (!LANGUAGE_CODE.test(language)) throw new TrainedDataMissingError(language, 'no package (not a tesseract language code)');
  try {
    return path.dirname(createRequire(import.meta.url).resolve(`@tesseract.js-data/${language}/package.json`));
  } catch {
    throw new TrainedDataMissingError(language, `@tesseract.js-data/${language}`);
  }
}

/** One directory per process and variant, removed when the process exits. */
const languageDirs = new Map<TrainedDataVariant, string>();

function getLanguageDir(variant: TrainedDataVariant): string {
  let dir = languageDirs.get(variant);
  if (!dir) {
    const created = mkdtempSync(path.join(tmpdir(), `cartwise-tessdata-${variant}-`));
    process.once('exit', () => rmSync(created, { recursive: true, force: true }));
    languageDirs.set(variant, created);
    dir = created;
  }
  return dir;
}

/**
 * Gives tesseract.js the data of several languages. It takes a single langPath for all of them, also for languages a
 * worker loads later (worker.reinitialize), while each language's file sits in a package of its own; so each file is
 * linked (copied where links are not allowed) into one directory of this process. Every language is resolved before
 * anything is linked: a missing one throws here, before any worker exists.
 */
export function prepareLanguageData(languages: readonly string[], variant: TrainedDataVariant = 'best_int'): LanguageDataLocation {
  const files = languages.map((language) => ({ language, file: resolveTrainedData(language, variant).file }));
  const langPath = getLanguageDir(variant);
  for (const { language, file } of files) {
    const target = path.join(langPath, `${language}.traineddata`);
    if (existsSync(target)) continue;
    try {
      symlinkSync(file, target);
    } catch {
      copyFileSync(file, target);
    }
  }
  return { langPath, gzip: false };
}
