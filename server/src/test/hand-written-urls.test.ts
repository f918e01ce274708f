import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as contracts from '@cartwise/contracts';
import type { RouteContract } from '@cartwise/contracts';

const THIS_FILE = fileURLToPath(import.meta.url);
const SERVER_SRC = path.resolve(path.dirname(THIS_FILE), '..');

/** Every route declared with `defineRoute`, from the `...Api` groups the contracts package exports. */
function listContractRoutes(): RouteContract[] {
  return Object.entries(contracts).flatMap(([name, group]) => {
    if (!name.endsWith('Api') || typeof group !== 'object' || group === null) return [];
    return Object.values(group as Record<string, unknown>).filter(
      (route): route is RouteContract => typeof route === 'object' && route !== null && 'method' in route && 'path' in route,
    );
  });
}

/** Whether a hand-written target (with `${...}` for interpolations) names the route, every `:param` interpolated. */
function isRouteTarget(route: RouteContract, method: string, target: string): boolean {
  if (route.method !== method) return false;
  const wanted = route.path.split('/');
  const written = target.split('?')[0]!.split('/');
  return (
    wanted.length === written.length &&
    wanted.every((segment, index) => (segment.startsWith(':') ? /^\$\{[^}]*\}$/.test(written[index]!) : segment === written[index]))
  );
}

function listTestFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return listTestFiles(full);
    return entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** `url: '/api/...'` or a template of it inside an `inject({ ... })`, with the method written before it (GET if none). */
function findHandWrittenTargets(source: string): { method: string; target: string }[] {
  const targets: { method: string; target: string }[] = [];
  for (const match of source.matchAll(/url: (['`])(\/api\/(?:(?!\1)[^\n])*)\1/g)) {
    const before = source.slice(Math.max(0, source.lastIndexOf('inject(', match.index)), match.index);
    const method = /method: '([A-Z]+)'/.exec(before)?.[1] ?? 'GET';
    targets.push({ method, target: match[2]! });
  }
  return targets;
}

function countHandWrittenRouteCalls(): Record<string, number> {
  const routes = listContractRoutes();
  const counts: Record<string, number> = {};
  // This file's own examples are not calls.
  for (const file of listTestFiles(SERVER_SRC).filter((candidate) => candidate !== THIS_FILE)) {
    const calls = findHandWrittenTargets(fs.readFileSync(file, 'utf8')).filter(({ method, target }) =>
      routes.some((route) => isRouteTarget(route, method, target)),
    );
    if (calls.length > 0) counts[path.relative(SERVER_SRC, file).split(path.sep).join('/')] = calls.length;
  }
  return counts;
}

describe('server tests', () => {
  it('call contract routes through callRoute rather than by a hand-written path', () => {
    expect(
      countHandWrittenRouteCalls(),
      'use callRoute(app, contract, { params, query, body }) from server/src/test/call-route.ts, or callRouteWithBadInput for input the contract refuses',
    ).toEqual({});
  });

  it('recognise a hand-written route call and leave crafted targets alone', () => {
    const source = [
      "app.inject({ method: 'POST', url: `/api/lists/${list.id}/items`, payload })",
      "app.inject({ url: '/api/lists' })",
      "app.inject({ method: 'GET', url: '/api/lists/not-an-id' })",
      "app.inject({ method: 'GET', url: '/api/auth/get-session' })",
    ].join('\n');
    const routes = listContractRoutes();
    const matched = findHandWrittenTargets(source).filter(({ method, target }) =>
      routes.some((route) => isRouteTarget(route, method, target)),
    );
    expect(matched).toEqual([
      { method: 'POST', target: '/api/lists/${list.id}/items' },
      { method: 'GET', target: '/api/lists' },
    ]);
  });
});
