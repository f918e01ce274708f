import { normalizeGtin } from '@cartwise/contracts';

/** What a decoder needs: one camera frame. Returns the normalised GTIN it found, or null. */
export type FrameReader = (video: HTMLVideoElement) => Promise<string | null>;

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<DetectedBarcode[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

const FORMATS = ['ean_13', 'ean_8', 'upc_a'];

function firstGtin(values: readonly string[]): string | null {
  for (const value of values) {
    const result = normalizeGtin(value);
    if (result.isValid) return result.gtin;
  }
  return null;
}

/** The browser's own BarcodeDetector (Android Chrome, Safari 17+), when it reads retail codes. */
async function createNativeReader(): Promise<FrameReader | null> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    const supported = await Detector.getSupportedFormats();
    const formats = FORMATS.filter((format) => supported.includes(format));
    if (!formats.includes('ean_13')) return null;
    const detector = new Detector({ formats });
    return async (video) => firstGtin((await detector.detect(video)).map((code) => code.rawValue));
  } catch {
    return null;
  }
}

/**
 * zxing-cpp compiled to WebAssembly, loaded only when needed. The .wasm file is bundled and served by the app
 * itself (never a CDN), which is why its URL is passed to the module instead of the package's default.
 */
async function createWasmReader(): Promise<FrameReader> {
  const [{ prepareZXingModule, readBarcodes }, { default: wasmUrl }] = await Promise.all([
    import('zxing-wasm/reader'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  await prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
    fireImmediately: true,
  });
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    if (!context || video.videoWidth === 0) return null;
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    context.drawImage(video, 0, 0);
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    const results = await readBarcodes(image, { formats: ['EAN13', 'EAN8', 'UPCA'], tryHarder: true, maxNumberOfSymbols: 1 });
    return firstGtin(results.filter((result) => result.isValid).map((result) => result.text));
  };
}

let readerPromise: Promise<FrameReader> | null = null;

/** The best reader this browser has: the native detector where present, else the WebAssembly one. */
export function getFrameReader(): Promise<FrameReader> {
  readerPromise ??= createNativeReader().then((native) => native ?? createWasmReader());
  readerPromise.catch(() => {
    readerPromise = null;
  });
  return readerPromise;
}
