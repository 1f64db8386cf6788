import { runCli } from './cli';
import { loadRepositoryEnv } from './config/repository-env';

void runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  fetch: (url, init) => fetch(url, init),
  env: () => {
    loadRepositoryEnv(process.cwd());
    return process.env;
  },
  // Caught only while radar follows a job: Ctrl-C then stops following and says how to go on.
  onInterrupt: (handler) => {
    process.on('SIGINT', handler);
    return () => process.off('SIGINT', handler);
  },
}).then((code) => {
  // exitCode, not exit(): lets stdout and stderr flush when they are pipes.
  process.exitCode = code;
});
