/**
 * `printRoutes` prints a tree: `├── /api/lists (GET, HEAD, POST)` with children indented four characters a level
 * and written relative to their parent (`│   └── /:id (GET, PATCH)`); full paths are rebuilt from the indentation.
 */
export function listApiRoutes(tree: string): { path: string; methods: string[] }[] {
  const parents: string[] = [];
  return tree.split('\n').flatMap((line) => {
    const match = line.match(/^(.*?)(\/\S*) \(([A-Z, ]+)\)/);
    if (!match) return [];
    const depth = Math.round(match[1]!.length / 4) - 1;
    parents.length = Math.max(0, depth);
    const path = parents.join('') + match[2]!;
    parents.push(match[2]!);
    // The live event stream never ends, so it cannot be awaited like the other routes.
    if (!path.startsWith('/api/') || path.includes('/realtime')) return [];
    return [{ path, methods: match[3]!.split(', ').filter((method) => method !== 'HEAD' && method !== 'OPTIONS') }];
  });
}
