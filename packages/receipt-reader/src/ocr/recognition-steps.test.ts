import { describe, expect, it } from 'vitest';
import { FIELD_REREADS_STEP, RECOGNITION_STEPS, type RecognitionSettings } from './recognition-steps';

const ALL_ON: RecognitionSettings = {
  isRetryingWeakPages: true,
  isReadingMissedHeader: true,
  isRereadingHeader: true,
  crossReader: { scripts: ['Latn'], readLines: () => Promise.resolve([]), terminate: () => Promise.resolve() },
  isRereadingDoubtfulFields: true,
};

const enabledNames = (settings: RecognitionSettings) =>
  RECOGNITION_STEPS.filter((step) => step.isEnabled(settings)).map((step) => step.name);

describe('RECOGNITION_STEPS', () => {
  it('refines the page read in a fixed order, the field re-reads last', () => {
    expect(enabledNames(ALL_ON)).toEqual([
      'page without its dark background',
      'unsure page softened',
      'page lines',
      'missed header rows',
      'header re-reads',
      'cross-reads',
      FIELD_REREADS_STEP,
    ]);
  });

  it('runs only the steps the settings turn on', () => {
    expect(enabledNames({ ...ALL_ON, isRetryingWeakPages: false, crossReader: null })).toEqual([
      'page lines',
      'missed header rows',
      'header re-reads',
      FIELD_REREADS_STEP,
    ]);
    // Without a step that reads lines again, the page's lines are not collected, and no step needing them runs.
    const pageOnly = { ...ALL_ON, isRereadingHeader: false, crossReader: null, isRereadingDoubtfulFields: false };
    expect(enabledNames(pageOnly)).toEqual(['page without its dark background', 'unsure page softened', 'missed header rows']);
  });

  it('replaces lines only when the page text is exactly its lines', () => {
    const lineSteps = RECOGNITION_STEPS.filter((step) => step.needsExactLines).map((step) => step.name);
    expect(lineSteps).toEqual(['missed header rows', 'header re-reads', 'cross-reads', FIELD_REREADS_STEP]);
  });
});
