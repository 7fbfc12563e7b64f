import { act, renderHook } from '@testing-library/react';
import { useSingleFlight, useSingleFlightPerKey } from './use-single-flight';

/** A request the test answers by hand. */
function pending<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('useSingleFlight', () => {
  it('runs one action at a time, drops a second call while busy, and is free again after', async () => {
    const { result } = renderHook(() => useSingleFlight());
    const request = pending<string>();
    const action = jest.fn(() => request.promise);

    let first!: Promise<string | undefined>;
    let second!: Promise<string | undefined>;
    act(() => {
      first = result.current[1](action);
      second = result.current[1](action);
    });
    expect(result.current[0]).toBe(true);
    await expect(second).resolves.toBeUndefined();
    await act(async () => request.resolve('done'));
    await expect(first).resolves.toBe('done');
    expect(result.current[0]).toBe(false);
    expect(action).toHaveBeenCalledTimes(1);

    await act(async () => {
      await expect(result.current[1](() => Promise.reject(new Error('offline')))).rejects.toThrow('offline');
    });
    expect(result.current[0]).toBe(false);
  });
});

describe('useSingleFlightPerKey', () => {
  it('runs one action per key at a time, other keys alongside', async () => {
    const { result } = renderHook(() => useSingleFlightPerKey());
    const kit1 = pending<void>();
    const kit2 = pending<void>();
    const calls: string[] = [];
    act(() => {
      void result.current[1]('1', () => (calls.push('1'), kit1.promise));
      void result.current[1]('1', () => (calls.push('1 again'), kit1.promise));
      void result.current[1]('2', () => (calls.push('2'), kit2.promise));
    });
    expect(calls).toEqual(['1', '2']);
    expect([...result.current[0]].sort()).toEqual(['1', '2']);
    await act(async () => kit1.resolve());
    expect([...result.current[0]]).toEqual(['2']);
    await act(async () => kit2.resolve());
    expect(result.current[0].size).toBe(0);
  });
});
