/**
 * Closes a panel that opens under its button (the chat list, a chat's scope) once the focus has
 * left it: a click anywhere outside moves the focus out (to what was clicked, or to the page), so
 * one handler closes it for the mouse and the keyboard alike. Where the focus went is looked at a
 * turn later: a row's buttons may give way to a field or a question that takes the focus only
 * once drawn.
 */
export function closeWhenFocusLeaves(event: FocusEvent, root: HTMLElement | undefined, isOpen: () => boolean, close: () => void): void {
  if (!isOpen() || root?.contains(event.relatedTarget as Node | null)) return;
  setTimeout(() => {
    if (isOpen() && !root?.contains(document.activeElement)) close();
  });
}
