import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Tab order must be the order people see (WCAG 2.4.3, 1.3.2). Reversed flex directions and CSS
 * `order` draw elements in one order while Tab walks the DOM in another: the wizard's buttons
 * once stacked 'Save & Continue' above 'Back' at 375 px, and Tab went up the screen. Buttons
 * are written in the order they are seen instead (e2e/wizard-tab-order.e2e.ts checks the
 * result in a browser); this keeps the tricks from coming back anywhere in the web app.
 */

const SRC = join(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(tsx|ts|css)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Tailwind classes and CSS declarations that draw children out of DOM order. */
const OUT_OF_ORDER = [
  /(?:^|[\s'"`:])flex-(?:col|row)-reverse\b/,
  /(?:^|[\s'"`:])-?order-(?:first|last|none|\d+|\[)/,
  /flex-direction\s*:\s*(?:column|row)-reverse/,
  /(?:^|[;{\s])order\s*:\s*-?\d/,
  /(?:^|[\s'"`:])grid-flow-dense\b/,
];

export function outOfOrderRules(text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, i) => (OUT_OF_ORDER.some((rule) => rule.test(line)) ? [`${i + 1}: ${line.trim()}`] : []));
}

describe('visual order = DOM order', () => {
  it('recognises the rules it guards against', () => {
    expect(outOfOrderRules('<div className="flex flex-col-reverse gap-3 sm:flex-row">')).toHaveLength(1);
    expect(outOfOrderRules('<div className="sm:flex-row-reverse">')).toHaveLength(1);
    expect(outOfOrderRules('<li className="order-2 sm:order-first">')).toHaveLength(1);
    expect(outOfOrderRules('.a { flex-direction: column-reverse; }')).toHaveLength(1);
    expect(outOfOrderRules('.a { order: -1 }')).toHaveLength(1);
    expect(outOfOrderRules('<div className="flex flex-col gap-3 sm:flex-row border-b">')).toEqual([]);
    expect(outOfOrderRules('  --cw-border: #e2e8f0;')).toEqual([]);
  });

  it('no component or stylesheet draws its children out of DOM order', () => {
    const found = sourceFiles(SRC).flatMap((file) =>
      outOfOrderRules(readFileSync(file, 'utf8')).map((hit) => `${relative(SRC, file)}:${hit}`),
    );
    expect(found).toEqual([]);
  });
});
