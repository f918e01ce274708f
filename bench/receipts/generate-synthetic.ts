// Writes synthetic US-style receipt images (SVG rendered by sharp, with noise and a slight rotation) and
// their ground truth, including line items. Usage: node --import tsx bench/receipts/generate-synthetic.ts [dir] [count]
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { BenchItem } from './bench-types';
import { createRandom } from '@cartwise/contracts/domain/random';
import { PACKAGED, PAYMENTS, STORES, WEIGHED } from './synthetic-data';

const WIDTH_CHARS = 38;

function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)] as T;
}

function money(value: number): string {
  return value.toFixed(2);
}

/** Left text and right-aligned amount on one fixed-width line. */
function row(left: string, right: string): string {
  const space = Math.max(1, WIDTH_CHARS - left.length - right.length);
  return `${left}${' '.repeat(space)}${right}`;
}

function center(text: string): string {
  return ' '.repeat(Math.max(0, Math.floor((WIDTH_CHARS - text.length) / 2))) + text;
}

interface SyntheticReceipt {
  lines: string[];
  store: string;
  date: string;
  total: string;
  items: BenchItem[];
}

function buildReceipt(random: () => number): SyntheticReceipt {
  const store = pick(random, STORES);
  const month = 1 + Math.floor(random() * 12);
  const day = 1 + Math.floor(random() * 28);
  const year = 2022 + Math.floor(random() * 4);
  const date = `${String(month).padStart(2, '0')}/${String(day).padStart(2, '0')}/${year}`;
  const hour = 8 + Math.floor(random() * 12);
  const minute = Math.floor(random() * 60);
  const time = `${hour > 12 ? hour - 12 : hour}:${String(minute).padStart(2, '0')} ${hour >= 12 ? 'PM' : 'AM'}`;
  const lines = [center(store.name), ...store.address.map(center), center(store.phone), ''];
  lines.push(random() < 0.5 ? row(`${date} ${time}`, `ST# ${100 + Math.floor(random() * 900)}`) : `DATE ${date}  TIME ${time}`);
  lines.push('-'.repeat(WIDTH_CHARS));
  const items: BenchItem[] = [];
  const count = 4 + Math.floor(random() * 8);
  const usedNames = new Set<string>();
  let taxable = 0;
  for (let index = 0; index < count; index += 1) {
    const isWeighed = random() < 0.25;
    const flag = random() < 0.6 ? 'F' : 'T';
    let item: BenchItem;
    if (isWeighed) {
      const [name, perLb] = pick(random, WEIGHED);
      if (usedNames.has(name)) continue;
      const weight = Math.round((0.3 + random() * 3) * 100) / 100;
      const price = Math.round(weight * perLb * 100) / 100;
      item = { name, quantity: weight, price, discount: 0 };
      lines.push(name, row(`  ${weight.toFixed(2)} lb @ ${money(perLb)}/lb`, `${money(price)} ${flag}`));
    } else {
      const [name, unit] = pick(random, PACKAGED);
      if (usedNames.has(name)) continue;
      const quantity = random() < 0.25 ? 2 + Math.floor(random() * 3) : 1;
      const price = Math.round(quantity * unit * 100) / 100;
      item = { name, quantity, price, discount: 0 };
      if (quantity === 1) lines.push(row(name, `${money(price)} ${flag}`));
      else if (random() < 0.5) lines.push(name, row(`  ${quantity} @ ${money(unit)}`, `${money(price)} ${flag}`));
      else lines.push(row(`${quantity} x ${name}`, `${money(price)} ${flag}`));
    }
    usedNames.add(item.name);
    if (random() < 0.18) {
      const discount = Math.min(item.price - 0.01, Math.round((0.25 + random() * 1.5) * 4) / 4);
      item.discount = Math.round(discount * 100) / 100;
      lines.push(random() < 0.5 ? row('  COUPON', `-${money(item.discount)}`) : row('  SAVINGS', `${money(item.discount)}-`));
    }
    items.push(item);
    if (flag === 'T') taxable += item.price - item.discount;
  }
  const subtotal = Math.round(items.reduce((sum, item) => sum + item.price - item.discount, 0) * 100) / 100;
  const tax = Math.round(taxable * 0.0725 * 100) / 100;
  const total = Math.round((subtotal + tax) * 100) / 100;
  lines.push('-'.repeat(WIDTH_CHARS), row('SUBTOTAL', money(subtotal)), row('TAX 7.25%', money(tax)), row('TOTAL', money(total)));
  const payment = pick(random, PAYMENTS);
  if (payment === 'CASH') {
    const tendered = Math.ceil(total / 10) * 10;
    lines.push(row('CASH', money(tendered)), row('CHANGE DUE', money(tendered - total)));
  } else {
    lines.push(row(`${payment} **** ${1000 + Math.floor(random() * 9000)}`, money(total)));
  }
  lines.push('', center(`ITEMS SOLD ${items.length}`), center('THANK YOU FOR SHOPPING'));
  return { lines, store: store.name, date, total: money(total), items };
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

async function renderReceipt(lines: readonly string[], random: () => number): Promise<Buffer> {
  const fontSize = 20 + Math.floor(random() * 5);
  const lineHeight = Math.round(fontSize * 1.3);
  const width = Math.round(WIDTH_CHARS * fontSize * 0.61) + 60;
  const height = lines.length * lineHeight + 60;
  const text = lines
    .map((line, index) => `<text x="30" y="${40 + index * lineHeight}" xml:space="preserve">${escapeXml(line)}</text>`)
    .join('');
  const specks = Array.from({ length: 60 }, () => {
    const radius = (0.5 + random() * 1.2).toFixed(1);
    return `<circle cx="${Math.floor(random() * width)}" cy="${Math.floor(random() * height)}" r="${radius}" fill="#555"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<rect width="100%" height="100%" fill="#f4f1ea"/>${specks}
<g font-family="DejaVu Sans Mono" font-size="${fontSize}" fill="#222">${text}</g></svg>`;
  const angle = (random() - 0.5) * 3;
  return sharp(Buffer.from(svg))
    .rotate(angle, { background: '#f4f1ea' })
    .blur(0.3 + random() * 0.5)
    .jpeg({ quality: 70 + Math.floor(random() * 20) })
    .toBuffer();
}

export async function generateSyntheticReceipts(outDir: string, count = 60, seed = 20240412): Promise<void> {
  await mkdir(outDir, { recursive: true });
  const random = createRandom(seed);
  const index = [];
  for (let number = 1; number <= count; number += 1) {
    const id = `SYN${String(number).padStart(3, '0')}`;
    const receipt = buildReceipt(random);
    const image = `${id}.jpg`;
    await writeFile(path.join(outDir, image), await renderReceipt(receipt.lines, random));
    const label = {
      id,
      image,
      store: receipt.store,
      date: receipt.date,
      total: receipt.total,
      items: receipt.items,
      text: receipt.lines.join('\n'),
    };
    await writeFile(path.join(outDir, `${id}.json`), JSON.stringify(label, null, 2));
    index.push(label);
  }
  await writeFile(path.join(outDir, 'index.json'), JSON.stringify(index, null, 2));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const outDir = process.argv[2] ?? path.resolve(here, '..', 'results', 'synthetic');
  await generateSyntheticReceipts(outDir, Number(process.argv[3] ?? 60));
  console.log(`wrote ${process.argv[3] ?? 60} synthetic receipts to ${outDir}`);
}
