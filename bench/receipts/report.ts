import type { BenchResult } from './bench-types';
import type { BenchCase } from './cases';
import { scoreWithBatchStores, scoreWithKnownStores, type KnownStoreScores } from './known-store-score';
import { matchItems } from './match-items';
import { calculatePercentile, isSameDate, isSameText, isSameTotal } from './score';

export interface FieldScores {
  n: number;
  store: number;
  date: number;
  total: number;
}

export interface DatasetReport {
  dataset: string;
  bySplit: Record<string, FieldScores>;
  errors: { id: string; message: string }[];
  seconds: { median: number; p90: number; cpuMedian: number; cpuP90: number; wall: number };
  peakRssMb: number[];
  items: {
    precision: number;
    recall: number;
    quantityAccuracy: number;
    discountAccuracy: number;
    predicted: number;
    expected: number;
  } | null;
  failures: { id: string; field: string; predicted: unknown; expected: unknown }[];
  /** The store once matched to the stores the other receipts' shoppers saved (the review's suggestion). */
  knownStores: Record<string, KnownStoreScores>;
  /**
   * Line items on receipts without item labels (SROIE): the share with any item read, and with items that add up to the
   * total read (the parser's consistency check). A proxy: a wrong total can agree with wrong items, but rarely does.
   */
  itemSums: Record<string, { n: number; withItems: number; addingUp: number }>;
  /** The store as the receipt CLI prints it for a batch of files: matched to the names the other receipts read. */
  batchStores: Record<string, KnownStoreScores>;
  /** Unless --no-cross-reads: what the second recogniser read and the merge changed (decision 0006). */
  crossReads: { receipts: number; linesRead: number; linesChanged: number; errors: number } | null;
  /** Header rows the page read skipped, read again. */
  missedHeader: { receipts: number; bands: number; linesAdded: number } | null;
  /** Unless --no-field-rereads: the same receipts scored on the text before the field re-reads, and what they did. */
  fieldRereads: {
    before: FieldScores;
    receiptsReread: number;
    linesReread: number;
    linesReplaced: number;
    changed: string[];
    /** CPU seconds per receipt without the field step (parse + re-reads), measured in the same run. */
    cpuWithoutMedian: number;
    cpuWithoutP90: number;
  } | null;
}

function round(value: number, digits = 3): number {
  return Number(value.toFixed(digits));
}

export function scoreCases(
  dataset: string,
  cases: readonly BenchCase[],
  results: ReadonlyMap<string, BenchResult>,
  errors: { id: string; message: string }[],
  peaks: number[],
  wallSeconds: number,
): DatasetReport {
  const tallies = new Map<string, { n: number; store: number; date: number; total: number }>();
  const failures: DatasetReport['failures'] = [];
  const counts = { predicted: 0, expected: 0, matched: 0, quantityCorrect: 0, discountCorrect: 0 };
  let hasItems = false;
  const before = { n: 0, store: 0, date: 0, total: 0, receiptsReread: 0, linesReread: 0, linesReplaced: 0, changed: [] as string[] };
  const cross = { receipts: 0, linesRead: 0, linesChanged: 0, errors: 0 };
  const missed = { receipts: 0, bands: 0, linesAdded: 0 };
  const itemSums: DatasetReport['itemSums'] = {};
  for (const item of cases) {
    const result = results.get(item.task.id);
    if (result?.missedHeader) {
      missed.receipts += result.missedHeader.bands > 0 ? 1 : 0;
      missed.bands += result.missedHeader.bands;
      missed.linesAdded += result.missedHeader.added;
    }
    if (result?.crossReads) {
      cross.receipts += result.crossReads.read > 0 ? 1 : 0;
      cross.linesRead += result.crossReads.read;
      cross.linesChanged += result.crossReads.changed;
      cross.errors += result.crossReads.isSkipped ? 1 : 0;
    }
    const isStore = isSameText(result?.store, item.expected.store);
    const isDate = isSameDate(result?.date, item.expected.date, item.dateOrder);
    const isTotal = isSameTotal(result?.total, item.expected.total);
    const field = result?.fieldRereads;
    if (field) {
      const wasDate = isSameDate(field.before.date, item.expected.date, item.dateOrder);
      const wasTotal = isSameTotal(field.before.total, item.expected.total);
      before.n += 1;
      before.store += Number(isSameText(field.before.store, item.expected.store));
      before.date += Number(wasDate);
      before.total += Number(wasTotal);
      before.receiptsReread += Number(field.reread > 0);
      before.linesReread += field.reread;
      before.linesReplaced += field.replaced;
      if (wasDate !== isDate) before.changed.push(`${item.task.id} date ${isDate ? 'fixed' : 'broken'}`);
      if (wasTotal !== isTotal) before.changed.push(`${item.task.id} total ${isTotal ? 'fixed' : 'broken'}`);
    }
    for (const key of [item.split, 'all']) {
      const sums = (itemSums[key] ??= { n: 0, withItems: 0, addingUp: 0 });
      sums.n += 1;
      sums.withItems += Number((result?.items.length ?? 0) > 0);
      sums.addingUp += Number(result?.isItemSumConsistent === true);
      const tally = tallies.get(key) ?? { n: 0, store: 0, date: 0, total: 0 };
      tally.n += 1;
      tally.store += Number(isStore);
      tally.date += Number(isDate);
      tally.total += Number(isTotal);
      tallies.set(key, tally);
    }
    if (!isStore) failures.push({ id: item.task.id, field: 'store', predicted: result?.store, expected: item.expected.store });
    if (!isDate) failures.push({ id: item.task.id, field: 'date', predicted: result?.date, expected: item.expected.date });
    if (!isTotal) failures.push({ id: item.task.id, field: 'total', predicted: result?.total, expected: item.expected.total });
    if (item.expected.items) {
      hasItems = true;
      const matched = matchItems(result?.items ?? [], item.expected.items);
      for (const key of Object.keys(counts) as (keyof typeof counts)[]) counts[key] += matched[key];
    }
  }
  const bySplit: Record<string, FieldScores> = {};
  for (const [key, tally] of tallies) {
    bySplit[key] = {
      n: tally.n,
      store: round(tally.store / tally.n),
      date: round(tally.date / tally.n),
      total: round(tally.total / tally.n),
    };
  }
  const all = [...results.values()];
  const cpuWithout = all.map((result) => (result.cpuMs - (result.fieldRereads?.cpuMs ?? 0)) / 1000);
  const wall = all.map((result) => result.ms / 1000);
  const cpu = all.map((result) => result.cpuMs / 1000);
  return {
    dataset,
    bySplit,
    errors,
    seconds: {
      median: round(calculatePercentile(wall, 50), 2),
      p90: round(calculatePercentile(wall, 90), 2),
      cpuMedian: round(calculatePercentile(cpu, 50), 2),
      cpuP90: round(calculatePercentile(cpu, 90), 2),
      wall: round(wallSeconds, 1),
    },
    peakRssMb: peaks.map((peak) => Math.round(peak / 1024 / 1024)),
    items: hasItems
      ? {
          precision: round(counts.matched / Math.max(1, counts.predicted)),
          recall: round(counts.matched / Math.max(1, counts.expected)),
          quantityAccuracy: round(counts.quantityCorrect / Math.max(1, counts.matched)),
          discountAccuracy: round(counts.discountCorrect / Math.max(1, counts.matched)),
          predicted: counts.predicted,
          expected: counts.expected,
        }
      : null,
    failures,
    knownStores: scoreWithKnownStores(cases, results),
    batchStores: scoreWithBatchStores(cases, results),
    itemSums,
    crossReads: cross.linesRead + cross.errors > 0 ? cross : null,
    missedHeader: missed.bands > 0 ? missed : null,
    fieldRereads:
      before.n > 0
        ? {
            before: {
              n: before.n,
              store: round(before.store / before.n),
              date: round(before.date / before.n),
              total: round(before.total / before.n),
            },
            receiptsReread: before.receiptsReread,
            linesReread: before.linesReread,
            linesReplaced: before.linesReplaced,
            changed: before.changed,
            cpuWithoutMedian: round(calculatePercentile(cpuWithout, 50), 2),
            cpuWithoutP90: round(calculatePercentile(cpuWithout, 90), 2),
          }
        : null,
  };
}

export function formatReport(reports: readonly DatasetReport[], options: { isFromCache: boolean }): string {
  const lines: string[] = [];
  if (options.isFromCache) lines.push('NOTE: parsed cached OCR text; seconds exclude OCR and are not the benchmark figures.');
  for (const report of reports) {
    lines.push(`\n== ${report.dataset}`);
    lines.push('split     n     store  date   total');
    for (const [split, scores] of Object.entries(report.bySplit).sort()) {
      lines.push(
        `${split.padEnd(8)} ${String(scores.n).padStart(4)}  ${scores.store.toFixed(3)}  ${scores.date.toFixed(3)}  ${scores.total.toFixed(3)}`,
      );
    }
    for (const [split, batch] of Object.entries(report.batchStores).sort()) {
      lines.push(
        `${split.padEnd(8)} store as the CLI prints a batch (the split's other reads and seller numbers as known stores): ${batch.store.toFixed(3)} (+${batch.fixed} -${batch.broken})`,
      );
    }
    for (const [split, known] of Object.entries(report.knownStores).sort()) {
      lines.push(
        `${split.padEnd(8)} store matched to the other receipts' stores (the review's suggestion): ${known.store.toFixed(3)} (+${known.fixed} -${known.broken})`,
      );
    }
    for (const [split, sums] of Object.entries(report.itemSums).sort()) {
      const share = (count: number) => (count / Math.max(1, sums.n)).toFixed(3);
      lines.push(
        `${split.padEnd(8)} line items read on ${share(sums.withItems)} of receipts; they add up to the total read on ${share(sums.addingUp)}`,
      );
    }
    const s = report.seconds;
    lines.push(
      `seconds per receipt: wall median ${s.median} p90 ${s.p90}; CPU (one core) median ${s.cpuMedian} p90 ${s.cpuP90}; run took ${s.wall} s`,
    );
    lines.push(`peak RSS per worker process (MB): ${report.peakRssMb.join(', ')}`);
    if (report.items) {
      const items = report.items;
      lines.push(
        `line items: precision ${items.precision} recall ${items.recall} (predicted ${items.predicted}, expected ${items.expected}); ` +
          `quantity ok ${items.quantityAccuracy}, discount ok ${items.discountAccuracy} of matched`,
      );
    }
    if (report.crossReads) {
      const cross = report.crossReads;
      lines.push(
        `cross-reads: ${cross.receipts} receipts, ${cross.linesRead} lines read by PP-OCR, ${cross.linesChanged} changed by the merge; skipped with an error: ${cross.errors}`,
      );
    }
    if (report.missedHeader) {
      const missed = report.missedHeader;
      lines.push(`missed header rows: ${missed.receipts} receipts, ${missed.bands} bands read again, ${missed.linesAdded} lines added`);
    }
    if (report.fieldRereads) {
      const field = report.fieldRereads;
      lines.push(
        `before field re-reads (same run): store ${field.before.store.toFixed(3)} date ${field.before.date.toFixed(3)} total ${field.before.total.toFixed(3)}; ` +
          `${field.receiptsReread} receipts re-read ${field.linesReread} lines, kept ${field.linesReplaced}; changed: ${field.changed.join(', ') || 'none'}; ` +
          `CPU without the field step: median ${field.cpuWithoutMedian} p90 ${field.cpuWithoutP90}`,
      );
    }
    if (report.errors.length > 0)
      lines.push(`errors: ${report.errors.length} (first: ${report.errors[0]?.id}: ${report.errors[0]?.message})`);
  }
  return `${lines.join('\n')}\n`;
}
