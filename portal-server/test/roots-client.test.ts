import { rootsClient } from '../src/lib/roots-client';

const OLD = ['/store/kits/releases/old'];
const NEW = ['/store/kits/releases/new'];

function client() {
  const asked: number[] = [];
  const roots = rootsClient({ initial: OLD, ask: (id) => asked.push(id), connected: () => true, timeoutMs: 20 });
  return { ...roots, asked };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('a request gets the roots the supervisor names', async () => {
  const { roots, answer, asked } = client();
  const pending = roots();
  answer(asked[0]!, NEW);
  await expect(pending).resolves.toEqual(NEW);
});

test('an answer slower than the wait: that request gets the last roots, and the late answer serves every request after it', async () => {
  const { roots, answer, asked } = client();
  await expect(roots()).resolves.toEqual(OLD);
  answer(asked[0]!, NEW);
  // The supervisor is slow again: the promotion it named late is what this request serves, not the start-up roots.
  await expect(roots()).resolves.toEqual(NEW);
});

test('answers out of order: an older question answered last never replaces the newer answer', async () => {
  const { roots, answer, asked } = client();
  const first = roots();
  const second = roots();
  answer(asked[1]!, NEW);
  answer(asked[0]!, OLD);
  await expect(second).resolves.toEqual(NEW);
  await expect(first).resolves.toEqual(OLD);
  await wait(0);
  await expect(roots()).resolves.toEqual(NEW);
});
