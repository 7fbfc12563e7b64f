import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { keepRunning } from '../src/lib/keep-running';

jest.setTimeout(30_000);

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('a process that stops (the API under npm start) is started again, and one that keeps failing is retried, not given up on', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'keep-running-'));
  const starts = path.join(dir, 'starts');
  // Fails at once on its first two starts (a port still taken), then keeps running like a healthy server.
  const script = `
    const fs = require('fs');
    fs.appendFileSync(${JSON.stringify(starts)}, 'x');
    if (fs.readFileSync(${JSON.stringify(starts)}, 'utf8').length <= 2) process.exit(3);
    setInterval(() => {}, 1000);
  `;
  const logged: string[] = [];
  const kept = keepRunning('The API', () => spawn(process.execPath, ['-e', script], { stdio: 'ignore' }), {
    log: (message) => logged.push(message),
  });
  const startCount = () => (fs.existsSync(starts) ? fs.readFileSync(starts, 'utf8').length : 0);
  try {
    const deadline = Date.now() + 20_000;
    while (startCount() < 3 && Date.now() < deadline) await later(50);
    expect(startCount()).toBe(3);
    await later(300);
    const running = kept.current();
    expect(running.exitCode).toBeNull();
    expect(logged).toEqual([
      'The API stopped (exit 3); starting it again in 250 ms.',
      'The API stopped (exit 3); starting it again in 500 ms.',
    ]);

    // Killed while running: started again, and only it (the caller is still here to see it).
    running.kill('SIGKILL');
    while (startCount() < 4 && Date.now() < deadline) await later(50);
    expect(startCount()).toBe(4);
    expect(logged[2]).toMatch(/^The API stopped \(SIGKILL\); starting it again/);
    expect(kept.current().pid).not.toBe(running.pid);

    // Stopped on purpose: not started again.
    await kept.stop();
    await later(700);
    expect(startCount()).toBe(4);
  } finally {
    await kept.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
