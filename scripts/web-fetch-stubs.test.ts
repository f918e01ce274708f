import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Web tests answer the API with msw handlers built from the route contracts (web/src/test/contract-handlers.ts),
// so a wrong path or a wrong shape fails the test. A test that replaces fetch itself answers any URL with any body.

const WEB_SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../web/src');

/**
 * The only web tests that may replace fetch, and how many times: those of the HTTP client itself, which answer what
 * no contract allows (HTML error pages, thrown fetches, bodies of the wrong shape).
 */
const TESTS_OF_THE_CLIENT: Readonly<Record<string, number>> = {
  'lib/api-client.test.ts': 1,
};

/** `vi.stubGlobal('fetch', ...)`, `vi.spyOn(globalThis, 'fetch')` and assigning `globalThis.fetch` / `window.fetch`. */
const FETCH_REPLACEMENTS = [
  /stubGlobal\(\s*['"`]fetch['"`]/g,
  /spyOn\(\s*(?:globalThis|window|global)\s*,\s*['"`]fetch['"`]/g,
  /(?:globalThis|window|global)\.fetch\s*=(?!=)/g,
];

function countFetchReplacements(source: string): number {
  return FETCH_REPLACEMENTS.reduce((total, pattern) => total + [...source.matchAll(pattern)].length, 0);
}

function listTestFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return listTestFiles(path);
    return /\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function countPerFile(): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const file of listTestFiles(WEB_SRC)) {
    const count = countFetchReplacements(readFileSync(file, 'utf8'));
    if (count > 0) counts[relative(WEB_SRC, file).split('\\').join('/')] = count;
  }
  return counts;
}

describe('web tests', () => {
  it('answer the API through contract handlers rather than a hand-made fetch', () => {
    const over = Object.entries(countPerFile()).filter(([file, count]) => count > (TESTS_OF_THE_CLIENT[file] ?? 0));
    expect(over, 'answer with server.use(handle(route, resolver)) from web/src/test/contract-handlers.ts').toEqual([]);
  });

  it('recognise each way of replacing fetch, and leave a passed-in fetch alone', () => {
    const source = [
      "vi.stubGlobal('fetch', fetchMock);",
      "vi.stubGlobal(\n  'fetch',\n  vi.fn(),\n);",
      "vi.spyOn(globalThis, 'fetch').mockResolvedValue(response);",
      'globalThis.fetch = fake;',
      "vi.stubGlobal('Notification', {});",
      'await submitSignup(input, fakeFetch);',
      'if (globalThis.fetch === original) return;',
    ].join('\n');
    expect(countFetchReplacements(source)).toBe(4);
  });
});
