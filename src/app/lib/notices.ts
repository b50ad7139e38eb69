/**
 * The stack of notices: a few at most, and one per subject, so repeated failures of the same
 * thing do not pile up over the screen.
 */

export interface Notice {
  id: number;
  /**
   * The words, or how to word them: a function is called at each render, so a notice the app or
   * the engine raised follows a switch of the interface language while it is shown.
   */
  message: string | (() => string);
  tone: 'error' | 'info';
  /** What the notice is about; a newer notice about the same thing replaces it. */
  subject: string;
  /** What the person can do about it from the notice itself; doing it dismisses the notice. */
  action?: NoticeAction;
}

export interface NoticeAction {
  /** Called at each render, like a message given as a function. */
  label: () => string;
  run: () => void;
}

/** More than this and the oldest goes: the stack must stay short enough to read. */
export const MAX_NOTICES = 3;

export function noticeWords(notice: Pick<Notice, 'message'>): string {
  return typeof notice.message === 'string' ? notice.message : notice.message();
}

export function pushNotice(stack: readonly Notice[], notice: Notice, max = MAX_NOTICES): Notice[] {
  const others = stack.filter((n) => n.subject !== notice.subject);
  return [...others, notice].slice(-max);
}
