import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, '../fixtures/documents', name));
/**
 * Small but real files (the server checks the type by the first bytes and that the file is
 * whole, document-structure.ts): a 2×2 JPEG and a one-page PDF made by Chromium, a 1×1 PNG.
 */
export const JPEG = fixture('two-by-two.jpg');
export const PNG = fixture('one-by-one.png');
export const PDF = fixture('one-page.pdf');
export const SCRIPT = Buffer.from('#!/bin/sh\necho pwned\n');

export interface FilePart {
  type: string;
  content: Buffer;
  filename: string;
  contentType?: string;
}

/** A multipart body in the spec's shape: documents[i][document_type], documents[i][file]. */
export function multipartBody(
  files: FilePart[],
  extra: { name: string; value: string }[] = [],
): { body: Buffer; contentType: string } {
  const boundary = `----cardwise${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  const field = (name: string, value: string) =>
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  files.forEach((f, i) => {
    field(`documents[${i}][document_type]`, f.type);
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="documents[${i}][file]"; filename="${f.filename}"\r\n` +
          `Content-Type: ${f.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      f.content,
      Buffer.from('\r\n'),
    );
  });
  for (const e of extra) field(e.name, e.value);
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export const REQUIRED_FILES: FilePart[] = [
  { type: 'pan', content: JPEG, filename: 'pan.jpg', contentType: 'image/jpeg' },
  { type: 'aadhaar_front', content: PNG, filename: 'front.png', contentType: 'image/png' },
  { type: 'aadhaar_back', content: PNG, filename: 'back.png', contentType: 'image/png' },
  { type: 'address_proof', content: PDF, filename: 'bill.pdf', contentType: 'application/pdf' },
];

export const PERSONAL = {
  fullName: 'Meera Iyer',
  dateOfBirth: '1991-04-12',
  gender: 'F',
  panNumber: 'ABCPI1234K',
  address_line1: '14 Residency Road',
  address_line2: 'Shanthala Nagar',
  state: 'Karnataka',
  city: 'Bengaluru',
  pincode: '560025',
  country: 'India',
  email: 'meera.iyer@example.com',
  mobile: '9876501234',
  aadhaarNumber: '234567890124',
};

export const EMPLOYMENT = {
  employment_type: 'SALARIED',
  company_name: 'Infosys',
  designation: 'Engineer',
  industry: 'IT',
  company_type: 'PUBLIC',
  work_experience_years: 6,
  annual_income: '1800000',
  monthly_income: '150000',
  existing_credit_cards: 'NO',
  existing_credit_card_limit: '250000',
  existing_loan_emi: '0',
};
