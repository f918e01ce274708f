import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { getVocabulary, RECEIPT_LOCALES } from '../parse/vocabulary/index';
import { prepareLanguageData, resolveTrainedData, TrainedDataMissingError } from './traineddata';

const everyLanguage = [...new Set(RECEIPT_LOCALES.flatMap((locale) => getVocabulary(locale).ocrLanguages))];

describe('resolveTrainedData', () => {
  it('finds the data of every locale language in its own package on disk, never a URL', () => {
    expect(everyLanguage).toEqual(expect.arrayContaining(['eng', 'deu', 'heb']));
    for (const language of everyLanguage) {
      const location = resolveTrainedData(language);
      expect(location.file).toMatch(new RegExp(`@tesseract\\.js-data/${language}/4\\.0\\.0_best_int/${language}\\.traineddata\\.gz$`));
      expect(location.langPath).not.toMatch(/^[a-z]+:/);
      // gzip's magic bytes: the file is the data itself, not a Git LFS pointer or an HTML error page.
      expect([...readFileSync(location.file).subarray(0, 2)]).toEqual([0x1f, 0x8b]);
    }
    expect(resolveTrainedData('deu', 'fast').file).toMatch(/deu\/4\.0\.0\/deu\.traineddata\.gz$/);
  });

  it('fails with a clear error for a missing variant, language package or a code that is none', () => {
    const emptyDir = mkdtempSync(path.join(tmpdir(), 'cartwise-tessdata-test-'));
    try {
      expect(() => resolveTrainedData('eng', 'best_int', emptyDir)).toThrow(TrainedDataMissingError);
      expect(() => resolveTrainedData('eng', 'best_int', emptyDir)).toThrow(/never downloads/);
    } finally {
      rmSync(emptyDir, { recursive: true });
    }
    expect(() => resolveTrainedData('tlh')).toThrow(/@tesseract\.js-data\/tlh/);
    expect(() => resolveTrainedData('../eng')).toThrow(/not a tesseract language code/);
  });
});

describe('prepareLanguageData', () => {
  it('puts the files of several packages in one directory, each the bytes its package ships', () => {
    const hebrew = prepareLanguageData(['heb', 'eng']);
    expect(hebrew.gzip).toBe(false);
    expect(readdirSync(hebrew.langPath).sort()).toEqual(expect.arrayContaining(['eng.traineddata', 'heb.traineddata']));
    for (const language of ['heb', 'eng']) {
      const linked = readFileSync(path.join(hebrew.langPath, `${language}.traineddata`));
      expect(linked.equals(readFileSync(resolveTrainedData(language).file))).toBe(true);
    }
    // A later language joins the same directory: a worker loads it from the langPath it was created with.
    expect(prepareLanguageData(['deu']).langPath).toBe(hebrew.langPath);
    expect(readdirSync(hebrew.langPath)).toContain('deu.traineddata');
  });

  it('links nothing when one language of the set is missing', () => {
    const before = readdirSync(prepareLanguageData(['eng']).langPath);
    expect(() => prepareLanguageData(['fra', 'tlh'])).toThrow(TrainedDataMissingError);
    expect(readdirSync(prepareLanguageData(['eng']).langPath)).toEqual(before);
  });

  it('removes the directories of processes killed before they could, and keeps its own', () => {
    const deadPid = spawnSync(process.execPath, ['-e', '']).pid;
    const stale = path.join(tmpdir(), `cartwise-tessdata-fast-${deadPid}-AbC123`);
    mkdirSync(stale, { recursive: true });
    const fast = prepareLanguageData(['eng'], 'fast');
    expect(existsSync(stale)).toBe(false);
    expect(path.basename(fast.langPath)).toMatch(new RegExp(`^cartwise-tessdata-fast-${process.pid}-`));
    expect(readdirSync(fast.langPath)).toEqual(['eng.traineddata']);
  });
});
