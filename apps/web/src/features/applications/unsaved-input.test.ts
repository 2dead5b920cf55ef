import { afterEach, describe, expect, it } from 'vitest';
import { keepUnsaved, readUnsaved } from './unsaved-input.ts';

/**
 * What a step keeps of the unsaved input for a reload. A date of birth the browser could not
 * read (a part of it cleared) has the value '': kept, it came back over the saved date on
 * reload, and the personal step opened with the saved date of birth erased.
 */

const FIELDS = ['fullName', 'dateOfBirth', 'panNumber'] as const;

afterEach(() => sessionStorage.clear());

describe('keepUnsaved / readUnsaved', () => {
  it('keeps what was typed over what is saved', () => {
    keepUnsaved(
      'personal_details',
      'CW-1',
      { fullName: 'Meera R. Iyer', dateOfBirth: '1991-04-12', panNumber: '' },
      { fullName: 'Meera Iyer', dateOfBirth: '1991-04-12', panNumber: '' },
    );
    expect(readUnsaved('personal_details', 'CW-1', FIELDS)).toEqual({ fullName: 'Meera R. Iyer' });
  });

  it('never brings back a blank date of birth over the saved one', () => {
    keepUnsaved(
      'personal_details',
      'CW-1',
      { fullName: '', dateOfBirth: '', panNumber: 'ABCPI' },
      { fullName: 'Meera Iyer', dateOfBirth: '1991-04-12', panNumber: '' },
      ['dateOfBirth'],
    );
    // A name cleared is what was typed, and comes back as typed.
    expect(readUnsaved('personal_details', 'CW-1', FIELDS)).toEqual({ fullName: '', panNumber: 'ABCPI' });
  });
});
