/**
 * 'a, b and c', as a sentence lists things (no comma before the last, as Indian English writes
 * it and `Intl.ListFormat('en-IN')` prints it); `or` for a choice: 'a, b or c'. Written out so the
 * server's messages, the seed's notes and the web's lines join alike, and a page does not load
 * the ICU locale data for it.
 */
export function listInWords(items: readonly string[], last: 'and' | 'or' = 'and'): string {
  if (items.length < 2) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${last} ${items.at(-1)}`;
}
