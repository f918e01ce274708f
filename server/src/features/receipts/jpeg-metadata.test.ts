import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { stripJpegMetadata } from './jpeg-metadata';
import { makeMultiPictureJpeg } from './receipt-test-helpers';

const START_OF_SCAN = Buffer.from([0xff, 0xda]);

async function makeJpegWithMetadata(): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c08040' } })
    .jpeg({ quality: 80 })
    .withExif({ IFD0: { Copyright: 'secret-location', ImageDescription: 'GPS 51.5,-0.12' } })
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">secret-xmp</rdf:RDF></x:xmpmeta>',
    )
    .toBuffer();
  // A comment segment right after the start-of-image marker.
  const comment = Buffer.from('secret-comment');
  const header = Buffer.from([0xff, 0xfe, 0, comment.length + 2]);
  return Buffer.concat([jpeg.subarray(0, 2), header, comment, jpeg.subarray(2)]);
}

describe('stripJpegMetadata', () => {
  it('keeps only the first image up to its end-of-image marker, without its MPF index', async () => {
    const original = await makeMultiPictureJpeg();
    const stripped = stripJpegMetadata(original)!;
    expect(stripped).not.toBeNull();
    for (const secret of ['secret-mpf-gps', 'secret-mpf-index', 'secret-trailer', 'MPF\0'])
      expect(stripped.includes(Buffer.from(secret, 'latin1'))).toBe(false);
    // One start-of-image, one end-of-image, which is the last thing in the file.
    expect(stripped.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
    expect(stripped.indexOf(Buffer.from([0xff, 0xd8]), 2)).toBe(-1);
    expect(await sharp(stripped).raw().toBuffer()).toEqual(await sharp(original).raw().toBuffer());
  });

  it('walks every scan of a progressive JPEG', async () => {
    const progressive = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#806040' } })
      .jpeg({ progressive: true })
      .toBuffer();
    const original = Buffer.concat([progressive, Buffer.from('secret-trailer')]);
    const stripped = stripJpegMetadata(original)!;
    expect(stripped).toEqual(progressive);
  });

  it('drops EXIF, XMP and comments and keeps the compressed picture byte for byte', async () => {
    const original = await makeJpegWithMetadata();
    const before = await sharp(original).metadata();
    expect(before.exif).toBeDefined();
    expect(before.xmp).toBeDefined();

    const stripped = stripJpegMetadata(original);
    expect(stripped).not.toBeNull();
    const after = await sharp(stripped!).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    for (const secret of ['secret-location', 'secret-xmp', 'secret-comment']) expect(stripped!.includes(Buffer.from(secret))).toBe(false);
    // The scan, and so every decoded pixel, is the upload's own.
    expect(stripped!.subarray(stripped!.indexOf(START_OF_SCAN))).toEqual(original.subarray(original.indexOf(START_OF_SCAN)));
    expect(await sharp(stripped!).raw().toBuffer()).toEqual(await sharp(original).raw().toBuffer());
  });

  it('keeps the JFIF header and the colour profile a picture decodes by', async () => {
    const withProfile = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ffffff' } })
      .jpeg()
      .withIccProfile('p3')
      .toBuffer();
    const jfif = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
    const original = Buffer.concat([withProfile.subarray(0, 2), jfif, withProfile.subarray(2)]);
    expect((await sharp(original).metadata()).icc).toBeDefined();
    const stripped = stripJpegMetadata(original)!;
    expect(stripped.subarray(2, 2 + jfif.length)).toEqual(jfif);
    expect((await sharp(stripped).metadata()).icc).toEqual((await sharp(original).metadata()).icc);
  });

  it('gives null for what is no walkable JPEG', async () => {
    expect(stripJpegMetadata(Buffer.from('not a jpeg at all'))).toBeNull();
    const original = await makeJpegWithMetadata();
    // Cut inside the segments before the scan: a length that runs past the end.
    expect(stripJpegMetadata(original.subarray(0, 40))).toBeNull();
  });
});
