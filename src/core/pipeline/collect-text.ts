/** Joins a generator's streamed pieces into one string. */
export async function collectText(stream: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const piece of stream) text += piece;
  return text;
}
