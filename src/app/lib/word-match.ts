/**
 * Finding by name: the items whose text holds every word of `query`, in their order (case and
 * accents ignored; Chinese, written without spaces, matches as a substring). A blank query keeps
 * them all. The chat list finds chats by title with it, the library documents by file name.
 */
export function matchingWords<T>(items: readonly T[], query: string, textOf: (item: T) => string): T[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...items];
  return items.filter((item) => {
    const text = fold(textOf(item));
    return words.every((word) => text.includes(word));
  });
}

function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}
