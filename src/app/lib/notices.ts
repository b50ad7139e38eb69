/**
 * The stack of notices: a few at most, and one per subject, so repeated failures of the same
 * thing do not pile up over the screen.
 */

export interface Notice {
  id: number;
  message: string;
  tone: 'error' | 'info';
  /** What the notice is about; a newer notice about the same thing replaces it. */
  subject: string;
}

/** More than this and the oldest goes: the stack must stay short enough to read. */
export const MAX_NOTICES = 3;

export function pushNotice(stack: readonly Notice[], notice: Notice, max = MAX_NOTICES): Notice[] {
  const others = stack.filter((n) => n.subject !== notice.subject);
  return [...others, notice].slice(-max);
}
