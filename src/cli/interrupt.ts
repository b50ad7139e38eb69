/** Ctrl-C cancels the work cleanly: the store keeps every finished stage, and a re-run resumes. */
import type { FileIndexStore } from './file-store.ts';

export async function withInterrupt<T>(store: FileIndexStore, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const onSigint = () => {
    process.stderr.write('\ninterrupted: saving what is finished (run the command again to resume)\n');
    controller.abort();
  };
  process.once('SIGINT', onSigint);
  try {
    return await work(controller.signal);
  } catch (error) {
    if (controller.signal.aborted) {
      await store.close();
      process.exit(130);
    }
    throw error;
  } finally {
    process.off('SIGINT', onSigint);
  }
}
