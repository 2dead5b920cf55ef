import { describe, expect, it } from 'vitest';
import { DOCUMENT_NAMES, DOCUMENT_TYPES, documentInSentence } from '../src/applications.ts';

describe('document names', () => {
  it('names every document type, the PAN card as the spec quotes it', () => {
    expect(Object.keys(DOCUMENT_NAMES).sort()).toEqual([...DOCUMENT_TYPES].sort());
    expect(DOCUMENT_NAMES.pan.title).toBe('PAN Card');
  });

  it("puts 'the' or 'your' where a sentence needs it, inside an Aadhaar side", () => {
    expect(documentInSentence('pan', 'your')).toBe('your PAN card');
    expect(documentInSentence('aadhaar_front', 'your')).toBe('the front of your Aadhaar card');
    expect(documentInSentence('aadhaar_back', 'the')).toBe('the back of the Aadhaar card');
    expect(documentInSentence('address_proof', 'the')).toBe('the address proof');
  });
});
