import { readFileSync } from 'node:fs';

/** A process's resident memory now and its peak so far (VmRSS, VmHWM), in MiB, from /proc (Linux). */
export function residentMemory(pid: number): { rssMiB: number; peakMiB: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rssMiB: kib('VmRSS') / 1024, peakMiB: kib('VmHWM') / 1024 };
}

/** Samples a process's resident memory every `everyMs` until stopped; the samples in MiB. */
export function sampleMemory(pid: number, everyMs: number): { stop(): number[] } {
  const samples: number[] = [];
  const timer = setInterval(() => samples.push(residentMemory(pid).rssMiB), everyMs);
  return {
    stop() {
      clearInterval(timer);
      samples.push(residentMemory(pid).rssMiB);
      return samples;
    },
  };
}

/** CPU time a process has used so far (user and system), in seconds, from /proc (Linux). */
export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of the line, counted in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** CPU seconds used so far by the service and by every PostgreSQL session of its database. */
export async function serviceAndDatabaseCpuSeconds(pid: number, database: { query: (text: string) => Promise<{ rows: { pid: number }[] }> }): Promise<number> {
  const { rows } = await database.query('SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
  let seconds = cpuSeconds(pid);
  for (const row of rows) {
    try {
      seconds += cpuSeconds(row.pid);
    } catch {
      // The session ended between the query and the read.
    }
  }
  return seconds;
}
