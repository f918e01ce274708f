// Upload bodies for the receipt API tests.

import sharp from 'sharp';

export interface Part {
  name: string;
  data: Buffer;
  type?: string;
}

export function toMultipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----cartwise-test-boundary';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${part.name}"\r\nContent-Type: ${part.type ?? 'image/jpeg'}\r\n\r\n`,
      ),
    );
    chunks.push(part.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A one-page PDF e-receipt with a real text layer (Courier), built by hand so the test needs no tools. */
export function makeTextPdf(lines: string[]): Buffer {
  const content = ['BT', '/F1 12 Tf', '14 TL', '40 760 Td', ...lines.map((line) => `(${line}) Tj T*`), 'ET'].join('\n');
  const objects = [
    '<</Type/Catalog/Pages 2 0 R>>',
    '<</Type/Pages/Kids[3 0 R]/Count 1>>',
    '<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>',
    `<</Length ${content.length}>>\nstream\n${content}\nendstream`,
    '<</Type/Font/Subtype/Type1/BaseFont/Courier>>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(out.length);
    out += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<</Size ${objects.length + 1}/Root 1 0 R>>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/**
 * What a phone writes: the first image with an APP2 MPF index, then a second image (a preview with its own EXIF, here
 * the GPS position) after the first one's end-of-image marker, then bytes appended by some other tool.
 */
export async function makeMultiPictureJpeg(): Promise<Buffer> {
  const first = await sharp({ create: { width: 48, height: 32, channels: 3, background: '#40a0c0' } })
    .jpeg({ quality: 80 })
    .toBuffer();
  const second = await sharp({ create: { width: 16, height: 8, channels: 3, background: '#000000' } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'secret-mpf-gps', ImageDescription: 'GPS 43.07,-89.40' } })
    .toBuffer();
  const mpfBody = Buffer.concat([Buffer.from('MPF\0', 'latin1'), Buffer.from('MM\0\x2a\0\0\0\x08secret-mpf-index', 'latin1')]);
  const mpf = Buffer.concat([Buffer.from([0xff, 0xe2, 0, mpfBody.length + 2]), mpfBody]);
  return Buffer.concat([first.subarray(0, 2), mpf, first.subarray(2), second, Buffer.from('secret-trailer GPS 43.07,-89.40')]);
}
