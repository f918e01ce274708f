import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The docs name files in `code spans` (a full path, or the tail of one: `http/csrf.ts`, `prepare.ts`) and in
// markdown links; each must name something that exists, so a move or a deletion fails here, not in a reader's head.

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.git', 'data', '.tmp', 'test-results', 'playwright-report', 'screenshots']);
// What a build, a run or a benchmark writes: named by the docs, absent from a fresh clone.
const GENERATED = ['server/dist/', 'web/dist/', 'screenshots/', 'bench/results/', 'data/', 'sw.js'];
const FILE_ENDINGS = /\.(ts|tsx|js|mjs|cjs|json|md|css|html|wat|wasm|sql|yml|yaml|sh|txt|csv|traineddata)$/;

function listRepoPaths(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED_DIRS.has(entry.name) || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    out.push(`${relative(ROOT, path)}${entry.isDirectory() ? '/' : ''}`);
    if (entry.isDirectory()) listRepoPaths(path, out);
  }
  return out;
}

function listDocs(): string[] {
  const decisions = readdirSync(join(ROOT, 'docs/decisions')).map((name) => `docs/decisions/${name}`);
  const benches = readdirSync(join(ROOT, 'bench'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(ROOT, 'bench', entry.name, 'README.md')))
    .map((entry) => `bench/${entry.name}/README.md`);
  const pages = readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`);
  return ['README.md', ...pages, ...decisions.filter((name) => name.endsWith('.md')), ...benches];
}

/** A code span that names a file or folder: a path with a slash, or a bare file name with a known ending. */
function isPathLike(span: string): boolean {
  if (/[\s<>*{}()[\]=,:'"`$|]/.test(span) || span.startsWith('/') || span.startsWith('@') || span.startsWith('.')) return false;
  if (/^[a-z]+:\/\//i.test(span)) return false;
  if (span.includes('/')) return /^[\w.-]+(\/[\w.-]+)*\/?$/.test(span) && (FILE_ENDINGS.test(span) || span.endsWith('/'));
  return /^[\w.-]+$/.test(span) && FILE_ENDINGS.test(span) && !/^\d/.test(span);
}

export function findNamedPaths(markdown: string): { spans: string[]; links: string[] } {
  const withoutFences = markdown.replace(/```[\s\S]*?```/g, '');
  const spans = [...withoutFences.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!.trim()).filter(isPathLike);
  const links = [...withoutFences.matchAll(/\]\(([^)\s#]+)(#[^)]*)?\)/g)].map((m) => m[1]!).filter((target) => !/^[a-z]+:/i.test(target));
  return { spans, links };
}

const repoPaths = listRepoPaths(ROOT);

function existsAsTail(span: string): boolean {
  const tail = span.replace(/^\.\//, '');
  if (GENERATED.some((prefix) => tail === prefix || tail.startsWith(prefix))) return true;
  return repoPaths.some((path) => path === tail || path.endsWith(`/${tail}`));
}

describe('paths named in the docs', () => {
  it('reads code spans and links, not prose or code blocks', () => {
    const found = findNamedPaths(
      'See `http/csrf.ts`, `prepare.ts` and [the record](decisions/0001-x.md); not `npm run lint`, `/api/me`, ' +
        '`vocabulary/<tag>.ts`, `0.5 s` or [a site](https://example.com).\n```\nserver/src/gone.ts\n```',
    );
    expect(found).toEqual({ spans: ['http/csrf.ts', 'prepare.ts'], links: ['decisions/0001-x.md'] });
  });

  it('numbers the decision records 0001, 0002 ... with no gap or repeat', () => {
    const names = readdirSync(join(ROOT, 'docs/decisions'))
      .filter((name) => name.endsWith('.md'))
      .sort();
    expect(names.filter((name) => !/^\d{4}-[a-z0-9-]+\.md$/.test(name))).toEqual([]);
    expect(names.map((name) => Number(name.slice(0, 4)))).toEqual(names.map((_, index) => index + 1));
  });

  it('keeps docs/ARCHITECTURE.md a map a newcomer reads in minutes (at most 200 lines)', () => {
    const lines = readFileSync(join(ROOT, 'docs/ARCHITECTURE.md'), 'utf8').trimEnd().split('\n');
    expect(lines.length).toBeLessThanOrEqual(200);
  });

  for (const doc of listDocs()) {
    it(`${doc} names only files and folders that exist`, () => {
      const { spans, links } = findNamedPaths(readFileSync(join(ROOT, doc), 'utf8'));
      const missingSpans = spans.filter((span) => !existsAsTail(span));
      const missingLinks = links.filter((link) => !existsSync(resolve(ROOT, dirname(doc), decodeURIComponent(link))));
      expect({ missingSpans, missingLinks }).toEqual({ missingSpans: [], missingLinks: [] });
    });
  }
});
