import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { sniffContentType, toMimeType } from './sniff-content-type';
import { buildTextPdf } from './test-pdf';

describe('sniffContentType', () => {
  it('recognises images by their magic bytes', async () => {
    const image = sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } });
    expect(sniffContentType(await image.clone().jpeg().toBuffer())).toBe('jpeg');
    expect(sniffContentType(await image.clone().png().toBuffer())).toBe('png');
    expect(sniffContentType(await image.clone().webp().toBuffer())).toBe('webp');
  });

  it('recognises HEIC, PDF and text', () => {
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic'), Buffer.alloc(8)]);
    expect(sniffContentType(heic)).toBe('heic');
    expect(sniffContentType(buildTextPdf(['TOTAL|1.00']))).toBe('pdf');
    expect(sniffContentType(Buffer.from('WALMART\nTOTAL 12.50\n'))).toBe('text');
    expect(sniffContentType(Buffer.from('Café Olé €3,50\n'))).toBe('text');
  });

  it('calls binary junk unknown, whatever its name says', () => {
    expect(sniffContentType(Buffer.from([0, 1, 2, 3, 0xff, 0xfe]))).toBe('unknown');
    expect(sniffContentType(Buffer.alloc(0))).toBe('unknown');
    expect(toMimeType('unknown')).toBe('application/octet-stream');
  });
});
