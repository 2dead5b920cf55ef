/** The answer's warnings worth showing: trimmed, without blanks and without saying one twice. */
export function distinctWarnings(warnings: readonly string[] | undefined): string[] {
  return [...new Set((warnings ?? []).map((w) => w.trim()).filter((w) => w.length > 0))];
}
