import { describe, expect, it } from 'vitest';
import { sanitiseFileName } from '../src/features/applications/document-upload.ts';

describe('sanitiseFileName (stored and shown names of uploaded documents)', () => {
  it('keeps the last path segment and takes the extension from the sniffed type', () => {
    expect(sanitiseFileName('C:\\Users\\meera\\pan card.JPG', 'image/png')).toBe('pan card.png');
    expect(sanitiseFileName('../../etc/passwd', 'application/pdf')).toBe('passwd.pdf');
    expect(sanitiseFileName(undefined, 'image/jpeg')).toBe('document.jpg');
  });

  it('drops control characters and invisible format characters that disguise a name', () => {
    // Shown as "invoicegnp.pdf" with the right-to-left override left in.
    expect(sanitiseFileName('invoice\u202Efdp.png', 'image/png')).toBe('invoicefdp.png');
    expect(sanitiseFileName('pay\u200Bslip\u2066.pdf', 'application/pdf')).toBe('payslip.pdf');
    expect(sanitiseFileName('a\u0000b<script>.pdf', 'application/pdf')).toBe('abscript.pdf');
    expect(sanitiseFileName('\u202E\u200B.png', 'image/png')).toBe('document.png');
  });

  it('shortens a long name by whole characters, never half an emoji', () => {
    const emoji = '\u{1F600}\u{1F389}';
    const name = sanitiseFileName(`${'a'.repeat(89)}${emoji}.png`, 'image/png');
    expect(name).toBe(`${'a'.repeat(89)}.png`);
    expect(name).not.toMatch(/[\uD800-\uDFFF\uFFFD]/);
    // Both fit when there is room for them.
    expect(sanitiseFileName(`${'a'.repeat(86)}${emoji}.png`, 'image/png')).toBe(
      `${'a'.repeat(86)}${emoji}.png`,
    );
    // An accent with no precomposed form (NFKC leaves it a combining mark) stays on its letter.
    expect(sanitiseFileName(`${'a'.repeat(89)}x\u0301y.pdf`, 'application/pdf')).toBe(
      `${'a'.repeat(89)}.pdf`,
    );
    // One cluster longer than the bound is left out rather than let past it.
    const zalgo = `z${'\u0301'.repeat(200)}`;
    expect(sanitiseFileName(`${zalgo}.jpg`, 'image/jpeg')).toBe('document.jpg');
    expect(sanitiseFileName(`${'b'.repeat(120)}.jpg`, 'image/jpeg')).toBe(`${'b'.repeat(90)}.jpg`);
  });
});
