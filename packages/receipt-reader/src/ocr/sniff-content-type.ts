export type ReceiptContentType = 'jpeg' | 'png' | 'webp' | 'heic' | 'pdf' | 'text' | 'unknown';

const MIME_TYPES: Record<ReceiptContentType, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  heic: 'image/heic',
  pdf: 'application/pdf',
  text: 'text/plain',
  unknown: 'application/octet-stream',
};

function hasBytes(buffer: Uint8Array, offset: number, bytes: readonly number[]): boolean {
  return bytes.every((byte, index) => buffer[offset + index] === byte);
}

function hasAscii(buffer: Uint8Array, offset: number, text: string): boolean {
  return hasBytes(
    buffer,
    offset,
    [...text].map((char) => char.charCodeAt(0)),
  );
}

function hasControlCharacters(text: string): boolean {
  for (const char of text) {
    const code = char.charCodeAt(0);
    const isAllowed = code === 9 || code === 10 || code === 12 || code === 13;
    if ((code < 32 && !isAllowed) || code === 127) return true;
  }
  return false;
}

/** Text if the head is valid UTF-8 without control characters other than tab/newline/CR/form feed. */
function isLikelyText(buffer: Uint8Array): boolean {
  const head = buffer.subarray(0, 4096);
  if (head.length === 0) return false;
  try {
    return !hasControlCharacters(new TextDecoder('utf-8', { fatal: true }).decode(head));
  } catch {
    // A multi-byte character cut at the 4096 boundary also lands here; accept if only the tail is bad.
    const text = new TextDecoder('utf-8').decode(head.subarray(0, head.length - 4));
    return !text.includes('\ufffd') && !hasControlCharacters(text);
  }
}

/** Decides the type from magic bytes, never from the client's file name or declared type. */
export function sniffContentType(buffer: Uint8Array): ReceiptContentType {
  if (hasBytes(buffer, 0, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (hasBytes(buffer, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (hasAscii(buffer, 0, 'RIFF') && hasAscii(buffer, 8, 'WEBP')) return 'webp';
  if (hasAscii(buffer, 4, 'ftyp')) {
    const brand = String.fromCharCode(...buffer.subarray(8, 12));
    if (['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'].includes(brand)) return 'heic';
  }
  if (hasAscii(buffer, 0, '%PDF-')) return 'pdf';
  if (isLikelyText(buffer)) return 'text';
  return 'unknown';
}

export function toMimeType(type: ReceiptContentType): string {
  return MIME_TYPES[type];
}
