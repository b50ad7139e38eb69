/** What the engine worker tells the page unasked (rows, downloads, notices), through the listener start() was given. */
import type { EngineNotice, LibraryEvent, NoticeSubject } from '../../src/protocol/api.ts';
import { post } from '../shared/callbacks.ts';

export class EngineEvents {
  private listener: ((event: LibraryEvent) => void) | undefined;

  listen(listener: (event: LibraryEvent) => void): void {
    this.listener = listener;
  }

  send(event: LibraryEvent): void {
    void post(this.listener, event);
  }

  notify(notice: EngineNotice, subject?: NoticeSubject): void {
    this.send({ type: 'notice', notice, ...(subject ? { subject } : {}) });
  }
}
