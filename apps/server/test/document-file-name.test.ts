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
});
