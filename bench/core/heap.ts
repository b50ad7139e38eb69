/**
 * Memory readings that mean something: a full garbage collection before each reading, so the
 * difference between two readings is what the code in between kept alive. `gc` is not exposed
 * without a Node flag, so it is switched on at run time.
 */
import v8 from 'node:v8';
import vm from 'node:vm';

let gc: (() => void) | undefined;

function collect(): void {
  if (!gc) {
    v8.setFlagsFromString('--expose-gc');
    gc = vm.runInNewContext('gc') as () => void;
  }
  gc();
  gc();
}

export interface MemoryReading {
  /** JS heap in use (objects, strings, arrays of numbers). */
  heap: number;
  /** ArrayBuffer memory outside the heap (typed arrays: vectors). */
  arrayBuffers: number;
}

export function readMemory(): MemoryReading {
  collect();
  const m = process.memoryUsage();
  return { heap: m.heapUsed, arrayBuffers: m.arrayBuffers };
}

/** What was kept alive between two readings, and the value that kept it. */
export interface Retained<T> {
  value: T;
  heap: number;
  arrayBuffers: number;
}

function retained<T>(value: T, before: MemoryReading, after: MemoryReading): Retained<T> {
  return { value, heap: after.heap - before.heap, arrayBuffers: after.arrayBuffers - before.arrayBuffers };
}

/** Memory kept alive by what `build` returns (the value is held until the second reading). */
export function retainedBy<T>(build: () => T): Retained<T> {
  const before = readMemory();
  const value = build();
  return retained(value, before, readMemory());
}

/**
 * retainedBy for work that awaits. It first lets a turn of the event loop pass: ArrayBuffers of
 * what went before are released after a collection, not at it, and would be counted as freed by
 * the work measured.
 */
export async function retainedByAwaited<T>(build: () => Promise<T>): Promise<Retained<T>> {
  await new Promise((resolve) => setTimeout(resolve, 100));
  const before = readMemory();
  const value = await build();
  return retained(value, before, readMemory());
}
