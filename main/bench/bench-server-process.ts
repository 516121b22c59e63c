import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createInterface } from 'node:readline';

export interface BenchServer {
  mirror: string;
  mirrorUncached: string;
  trivial: string;
  /** Resident memory of the server process, in bytes (Linux /proc; NaN elsewhere). */
  rss(): number;
  stop(): Promise<void>;
}

const SERVER_ENTRY = new URL('./bench-server.ts', import.meta.url);

/** Starts the servers under test in their own process, away from the load generator. */
export async function startBenchServer(file: string): Promise<BenchServer> {
  const child: ChildProcess = spawn(process.execPath, [SERVER_ENTRY.pathname, file], { stdio: ['ignore', 'pipe', 'inherit'] });
  const urls = await new Promise<{ mirror: string; mirrorUncached: string; trivial: string }>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', (line) => resolve(JSON.parse(line)));
    child.once('exit', (code) => reject(new Error(`bench server exited with code ${code}`)));
  });
  return {
    ...urls,
    rss: () => readRss(child.pid!),
    stop: () => new Promise((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    }),
  };
}

function readRss(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /VmRSS:\s+(\d+) kB/.exec(status);
    return match ? Number(match[1]) * 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}
