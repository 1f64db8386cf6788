// Loaded with `node --require` into a service the benchmark starts (Node 20 refuses --cpu-prof in
// NODE_OPTIONS): samples the CPU from start to SIGTERM and writes a .cpuprofile (Chrome DevTools,
// speedscope) to CPU_PROFILE_DIR, then lets the service stop as it would have.
const inspector = require('node:inspector');
const fs = require('node:fs');
const path = require('node:path');

const session = new inspector.Session();
session.connect();
session.post('Profiler.enable', () => session.post('Profiler.start'));
process.once('SIGTERM', () => {
  session.post('Profiler.stop', (error, result) => {
    if (!error) {
      const file = path.join(process.env.CPU_PROFILE_DIR ?? '.', `${process.env.CPU_PROFILE_NAME ?? 'service'}-${process.pid}.cpuprofile`);
      fs.writeFileSync(file, JSON.stringify(result.profile));
      process.stderr.write(`CPU profile written to ${file}\n`);
    }
    process.kill(process.pid, 'SIGTERM');
  });
});
