import fs from 'node:fs';
import path from 'node:path';

export interface ServerInfo {
  url: string;
  pid: number;
  db: 'pglite' | 'postgres';
}

/** The running server for a data folder, if its process is still alive (stale files from a crash are ignored). */
export function runningServer(dataDir: string): ServerInfo | null {
  try {
    const info = JSON.parse(fs.readFileSync(path.join(dataDir, 'server.json'), 'utf8')) as ServerInfo;
    process.kill(info.pid, 0);
    return info;
  } catch {
    return null;
  }
}
