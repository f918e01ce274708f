// Draws the installable app's icons (web/public/icons): a cart on the brand green, plain and maskable (the
// maskable one keeps the cart inside the central 80 % safe zone). Run once after changing the design:
// node scripts/make-app-icons.mjs
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const outDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'web', 'public', 'icons');

function svg(size, { isMaskable }) {
  const scale = isMaskable ? 0.62 : 0.8;
  const radius = isMaskable ? 0 : size * 0.2;
  const s = (size * scale) / 100;
  const offset = (size - 100 * s) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <rect width="${size}" height="${size}" rx="${radius}" fill="#15803d"/>
  <g transform="translate(${offset} ${offset}) scale(${s})" fill="none" stroke="#ffffff" stroke-width="8" stroke-linecap="round" stroke-linejoin="round">
    <path d="M6 14h14l12 48h46l10-34H26"/>
    <circle cx="38" cy="80" r="7" fill="#ffffff"/>
    <circle cx="72" cy="80" r="7" fill="#ffffff"/>
  </g>
</svg>`;
}

for (const size of [192, 512]) {
  await sharp(Buffer.from(svg(size, { isMaskable: false })))
    .png()
    .toFile(path.join(outDir, `icon-${size}.png`));
  await sharp(Buffer.from(svg(size, { isMaskable: true })))
    .png()
    .toFile(path.join(outDir, `icon-maskable-${size}.png`));
}
await sharp(Buffer.from(svg(180, { isMaskable: true })))
  .png()
  .toFile(path.join(outDir, 'apple-touch-icon.png'));
console.log(`icons written to ${outDir}`);
