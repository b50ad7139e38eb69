/**
 * Getting data out of a model's reply. Small models wrap JSON in code fences, prose or thinking
 * blocks, so the first balanced JSON value that parses is taken.
 */

/**
 * Removes `<think>…</think>` blocks. An unclosed block means the model never got to its answer
 * (it was cut off while thinking), so everything from the opening tag on is dropped too.
 */
export function stripThinking(reply: string): string {
  const closed = reply.replace(/<think>[\s\S]*?<\/think>/giu, '');
  const open = closed.search(/<think>/iu);
  return open === -1 ? closed : closed.slice(0, open);
}

/** End index (exclusive) of the balanced JSON value opening at `start`, or -1. */
function balancedEnd(text: string, start: number): number {
  const stack: string[] = [];
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === '{' || c === '[') stack.push(c === '{' ? '}' : ']');
    else if (c === '}' || c === ']') {
      if (stack.pop() !== c) return -1;
      if (stack.length === 0) return i + 1;
    }
  }
  return -1;
}

/** The first JSON object or array in the reply that parses, or undefined. */
export function findJson(reply: string): unknown {
  const text = stripThinking(reply);
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c !== '{' && c !== '[') continue;
    const end = balancedEnd(text, i);
    if (end === -1) continue;
    try {
      return JSON.parse(text.slice(i, end)) as unknown;
    } catch {
      // not JSON after all (e.g. "[1]" citation inside prose is fine, "{x}" is not): keep looking
    }
  }
  return undefined;
}

/** Non-empty list items of a plain-text reply: "1. …", "- …", "* …", "• …" prefixes removed. */
export function listLines(reply: string): string[] {
  return stripThinking(reply)
    .split(/\r?\n/u)
    .map((line) => line.replace(/^\s*(?:[-*•]|\d+[.)、:：]|（?\d+）|\(\d+\))\s*/u, '').trim())
    .filter((line) => line.length > 0 && !/^```/u.test(line));
}
