// Summarises a V8 CPU profile (.cpuprofile) in microseconds per request: self time by function and by module, and
// inclusive time of named functions (the request's stages).

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** node_modules/<package> (scoped too), node:<module>, the app's bundle, or V8's own entries such as (garbage collector). */
function findModule(url: string, functionName: string): string {
  if (url === '') return functionName.startsWith('(') ? functionName : '(native)';
  const installed = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (installed) return installed[1]!;
  if (url.startsWith('node:')) return url.replace(/^node:(internal\/)?/, 'node:').replace(/\/.*$/, '');
  if (url.includes('/server/dist/')) return 'app (server/dist)';
  return url;
}

const describe = (frame: CallFrame) =>
  `${frame.functionName || '(anonymous)'} ${frame.url.replace(/^.*node_modules\//, '').replace(/^.*\/server\/dist\//, 'dist/')}:${frame.lineNumber + 1}`;

export function summariseProfile(profile: CpuProfile, requests: number, top = 40): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  // timeDeltas[i] is the time before sample i; the time a sample stands for is the next delta.
  for (let i = 0; i < profile.samples.length; i++) {
    const us = profile.timeDeltas[i + 1] ?? 0;
    selfUs.set(profile.samples[i]!, (selfUs.get(profile.samples[i]!) ?? 0) + us);
  }
  const idleId = profile.nodes.find((n) => n.callFrame.functionName === '(idle)')?.id;
  const total = [...selfUs.values()].reduce((a, b) => a + b, 0);
  const busy = total - (idleId === undefined ? 0 : (selfUs.get(idleId) ?? 0));
  const per = (us: number) => (us / requests).toFixed(2);
  const pct = (us: number) => ((100 * us) / busy).toFixed(1);

  const byFunction = new Map<string, number>();
  const byModule = new Map<string, number>();
  for (const [id, us] of selfUs) {
    if (id === idleId) continue;
    const frame = byId.get(id)!.callFrame;
    byFunction.set(describe(frame), (byFunction.get(describe(frame)) ?? 0) + us);
    const mod = findModule(frame.url, frame.functionName);
    byModule.set(mod, (byModule.get(mod) ?? 0) + us);
  }

  // Inclusive time per function (a function counted once per stack, however often it recurses).
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const inclusive = new Map<string, number>();
  for (const [id, us] of selfUs) {
    if (id === idleId) continue;
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const name = describe(byId.get(cur)!.callFrame);
      if (seen.has(name)) continue;
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + us);
    }
  }

  const lines: string[] = [];
  lines.push(`busy CPU ${per(busy)} us/req (profiled ${(total / 1e6).toFixed(2)} s, idle ${(100 - (100 * busy) / total).toFixed(1)} %)`);
  const table = (title: string, entries: Map<string, number>, count: number) => {
    lines.push('', `${title}: us/req, % of busy`);
    for (const [name, us] of [...entries].sort((a, b) => b[1] - a[1]).slice(0, count)) {
      lines.push(`${per(us).padStart(7)} ${pct(us).padStart(5)} %  ${name}`);
    }
  };
  table('self time by module', byModule, 25);
  table('self time by function', byFunction, top);
  table('inclusive time by function', inclusive, top);
  return lines.join('\n');
}
