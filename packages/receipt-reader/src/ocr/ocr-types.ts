/** What readReceiptFile needs from an OCR engine (tesseract's `OcrEngine` or the experimental `PaddleOcrEngine`). */
export interface OcrProgress {
  /** e.g. 'loading language traineddata' or 'recognizing text'. */
  status: string;
  /** 0..1 within the current status. */
  progress: number;
}

export type OcrProgressCallback = (progress: OcrProgress) => void;

export interface TextRecognition {
  text: string;
  /** Mean confidence of the read, 0..100. */
  confidence: number;
  /** Refinement steps that failed and were skipped (the text is still the page read), for the operator's log. */
  warnings?: string[];
}

export interface RecognizeOptions {
  /** BCP 47 tag of the receipt, for engines that parse what they read to decide what to read again. */
  locale?: string;
}

export interface ReceiptOcrEngine {
  recognize(image: Buffer, onProgress?: OcrProgressCallback, options?: RecognizeOptions): Promise<TextRecognition>;
  terminate(): Promise<void>;
}

export type OcrEngineName = 'tesseract' | 'paddle';
