// Preloaded into the app (node --import) by cpu-per-request.ts when BENCH_PROFILE is set: the first SIGUSR2 starts
// V8's CPU profiler, the second writes the profile to $BENCH_PROFILE_FILE. Started after warm-up, so the profile
// holds only steady-state requests (--cpu-prof would also hold start-up, migrations and the seed).
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';

const session = new Session();
session.connect();
let isProfiling = false;

const post = (method, params = {}) =>
  new Promise((resolve, reject) => session.post(method, params, (err, result) => (err ? reject(err) : resolve(result))));

process.on('SIGUSR2', () => {
  if (!isProfiling) {
    isProfiling = true;
    void post('Profiler.enable')
      .then(() => post('Profiler.setSamplingInterval', { interval: 100 }))
      .then(() => post('Profiler.start'));
    return;
  }
  isProfiling = false;
  void post('Profiler.stop').then(({ profile }) => {
    writeFileSync(process.env.BENCH_PROFILE_FILE, JSON.stringify(profile));
    process.stderr.write(`profile written to ${process.env.BENCH_PROFILE_FILE}\n`);
  });
});
