export class PdfHasNoTextError extends Error {
  constructor() {
    super('This PDF has no text layer (it is probably a scan); upload a photo or image of the receipt instead.');
    this.name = 'PdfHasNoTextError';
  }
}

interface PositionedText {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

const MAX_PAGES = 10;

/**
 * Rebuilds receipt lines from a PDF's text layer. pdf.js returns text runs in drawing order, so runs are
 * grouped by baseline and sorted left to right, with gaps turned into spaces so columns stay apart.
 */
export async function extractPdfText(data: Uint8Array): Promise<string> {
  // Loaded on first use: importing pdf.js costs about 185 MB of resident memory under tsx (measured),
  // which every OCR worker paid at start-up although most uploads are photos.
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // pdf.js takes ownership of (detaches) the buffer it is given, so hand it a copy.
  const document = await getDocument({
    data: new Uint8Array(data),
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    stopAtErrors: false,
    verbosity: 0,
  }).promise;
  try {
    const pages: string[] = [];
    for (let pageNumber = 1; pageNumber <= Math.min(document.numPages, MAX_PAGES); pageNumber += 1) {
      const page = await document.getPage(pageNumber);
      const content = await page.getTextContent();
      const runs: PositionedText[] = [];
      for (const item of content.items) {
        if (!('str' in item) || item.str.trim() === '') continue;
        const [, , , scaleY = 0, x = 0, y = 0] = item.transform as number[];
        // Some PDF generators put NUL characters in text runs; PostgreSQL cannot store them and no reader needs them.
        runs.push({ text: item.str.replaceAll('\u0000', ''), x, y, width: item.width, height: Math.abs(item.height || scaleY) || 10 });
      }
      pages.push(joinRunsIntoLines(runs));
      page.cleanup();
    }
    const text = pages.join('\n').trim();
    if (text.length === 0) throw new PdfHasNoTextError();
    return text;
  } finally {
    await document.destroy();
  }
}

export function joinRunsIntoLines(runs: readonly PositionedText[]): string {
  const sorted = [...runs].sort((a, b) => b.y - a.y || a.x - b.x);
  const lines: PositionedText[][] = [];
  for (const run of sorted) {
    const line = lines[lines.length - 1];
    const anchor = line?.[0];
    if (line && anchor && Math.abs(anchor.y - run.y) <= Math.max(2, anchor.height * 0.5)) line.push(run);
    else lines.push([run]);
  }
  return lines
    .map((line) => {
      const ordered = line.sort((a, b) => a.x - b.x);
      let text = '';
      let cursor: number | null = null;
      for (const run of ordered) {
        const charWidth = run.width / Math.max(run.text.length, 1) || run.height * 0.5;
        if (cursor !== null) {
          const gap = run.x - cursor;
          text += gap > charWidth * 1.5 ? '   ' : gap > charWidth * 0.2 && !text.endsWith(' ') && !run.text.startsWith(' ') ? ' ' : '';
        }
        text += run.text;
        cursor = run.x + run.width;
      }
      return text.trimEnd();
    })
    .join('\n');
}
