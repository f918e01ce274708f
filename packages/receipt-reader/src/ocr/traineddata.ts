import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
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

/** One directory per process and variant, removed when the process exits (and, if it was killed, by a later one). */
const languageDirs = new Map<TrainedDataVariant, string>();
const DIR_PREFIX = 'cartwise-tessdata-';
/** `cartwise-tessdata-<variant>-<pid>-<random>`, as getLanguageDir names them. */
const DIR_NAME = new RegExp(`^${DIR_PREFIX}[a-z_]+-(\\d+)-[A-Za-z0-9]+$`);

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Directories of processes that were killed before their exit handler ran: they hold only links. */
function removeStaleLanguageDirs(): void {
  try {
    for (const name of readdirSync(tmpdir())) {
      const pid = Number(DIR_NAME.exec(name)?.[1] ?? Number.NaN);
      if (Number.isInteger(pid) && pid !== process.pid && !isProcessAlive(pid)) {
        rmSync(path.join(tmpdir(), name), { recursive: true, force: true });
      }
    }
  } catch {
    // Another process's directory or a read-only temp dir: leaving it costs a few bytes.
  }
}

function getLanguageDir(variant: TrainedDataVariant): string {
  let dir = languageDirs.get(variant);
  if (!dir) {
    removeStaleLanguageDirs();
    const created = mkdtempSync(path.join(tmpdir(), `${DIR_PREFIX}${variant}-${process.pid}-`));
    process.once('exit', () => rmSync(created, { recursive: true, force: true }));
    languageDirs.set(variant, created);
    dir = created;
  }
  // A temp cleaner may have removed it from a long-running server.
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
}

function linkFile(file: string, target: string): void {
  try {
    symlinkSync(file, target);
  } catch (error) {
    // Copy only where links are not allowed: copying onto an existing link would write into the package's file.
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EACCES') throw error;
    copyFileSync(file, target);
  }
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
    if (!existsSync(target)) linkFile(file, target);
  }
  return { langPath, gzip: false };
}
