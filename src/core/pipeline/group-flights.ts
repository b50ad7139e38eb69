/**
 * One clustering of a group at a time. A second reader of a group being clustered (the cluster
 * map opened while a question about the same document waits for its clusters, a summary) waits
 * for that run and hears its progress, instead of clustering the same chunks again beside it; if
 * that run stops short (its caller cancelled it), the reader clusters the group itself.
 */
import type { ProgressListener } from '../ports.ts';
import { throwIfAborted, untilAborted } from '../util/abort.ts';

interface Flight {
  done: Promise<void>;
  listeners: Set<ProgressListener>;
}

export interface FlightOptions {
  signal?: AbortSignal;
  onProgress?: ProgressListener;
}

export class GroupFlights {
  private readonly flights = new Map<string, Flight>();

  /**
   * Runs `cluster` for the group unless `made` says it is there, after any run of it under way:
   * `cluster` reports to every reader waiting on it.
   */
  async run(groupId: string, made: () => boolean, cluster: (onProgress: ProgressListener) => Promise<void>, options: FlightOptions = {}): Promise<void> {
    for (let flight = this.flights.get(groupId); flight; flight = this.flights.get(groupId)) {
      await this.join(flight, options);
    }
    if (made()) return;
    throwIfAborted(options.signal, 'clustering');
    const listeners = new Set<ProgressListener>(options.onProgress ? [options.onProgress] : []);
    const done = cluster((progress) => listeners.forEach((listener) => listener(progress)));
    this.flights.set(groupId, { done, listeners });
    try {
      await done;
    } finally {
      this.flights.delete(groupId);
    }
  }

  /** Waits for another reader's run, hearing its progress; a run that failed leaves the group to this reader. */
  private async join(flight: Flight, { signal, onProgress }: FlightOptions): Promise<void> {
    if (onProgress) flight.listeners.add(onProgress);
    try {
      await untilAborted(flight.done.catch(() => undefined), signal, 'clustering');
    } finally {
      if (onProgress) flight.listeners.delete(onProgress);
    }
  }
}
