// One release command of a race (test/race.test.ts): says it is ready, waits for the go on its standard input, then
// runs at once.
import fs from 'node:fs';
import { promote, rollback } from '../../src';

const [command = '', app = '', id] = process.argv.slice(2);
console.log('ready');
// Blocks until the parent writes the go (one byte), so every child starts its command at the same moment.
fs.readSync(0, Buffer.alloc(1));
try {
  const result = command === 'rollback' ? rollback(app) : promote(app, id);
  console.log(`done ${result.id}`);
} catch (error) {
  console.log(`refused ${(error as Error).message}`);
}
