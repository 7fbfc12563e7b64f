// One release command of a race (test/race.test.ts): says it is ready, waits for the go file, then runs at once.
import fs from 'node:fs';
import { promote, rollback } from '../../src';

const [goFile = '', readyFile = '', command = '', app = '', id] = process.argv.slice(2);
fs.writeFileSync(readyFile, '');
const sleeper = new Int32Array(new SharedArrayBuffer(4));
while (!fs.existsSync(goFile)) Atomics.wait(sleeper, 0, 0, 1);
try {
  const result = command === 'rollback' ? rollback(app) : promote(app, id);
  console.log(`done ${result.id}`);
} catch (error) {
  console.log(`refused ${(error as Error).message}`);
}
