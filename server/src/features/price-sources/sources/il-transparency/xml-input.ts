// Decodes a published XML file's bytes as the BOM or the XML declaration says (UTF-8 or windows-1255), failing
// rather than guessing on bytes the encoding cannot hold.
import { FeedError } from '../../price-source';

/** The encoding a file declares: a BOM, else `encoding="..."` in the XML declaration, else UTF-8. */
export function detectXmlEncoding(head: Buffer): string {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8';
  const declaration = /^<\?xml[^>]*encoding\s*=\s*["']([A-Za-z0-9_.:-]+)["']/.exec(head.subarray(0, 200).toString('latin1'));
  const name = declaration?.[1]?.toLowerCase() ?? 'utf-8';
  if (name === 'utf8') return 'utf-8';
  if (name === 'cp1255' || name === 'iso-8859-8-i') return 'windows-1255';
  return name;
}

/** Yields the file's text in chunks, never holding the whole file. */
export async function* readXmlText(chunks: AsyncIterable<Buffer>): AsyncGenerator<string> {
  let decoder: TextDecoder | null = null;
  for await (const bytes of chunks) {
    if (!decoder) {
      const encoding = detectXmlEncoding(bytes);
      try {
        decoder = new TextDecoder(encoding, { fatal: true, ignoreBOM: false });
      } catch {
        throw new FeedError(`Unsupported encoding "${encoding}"`);
      }
    }
    yield decodeChunk(decoder, bytes, false);
  }
  if (decoder) yield decodeChunk(decoder, undefined, true);
}

function decodeChunk(decoder: TextDecoder, bytes: Buffer | undefined, isLast: boolean): string {
  try {
    return decoder.decode(bytes, { stream: !isLast });
  } catch {
    throw new FeedError(`The file is not valid ${decoder.encoding} text (wrong encoding?)`);
  }
}
