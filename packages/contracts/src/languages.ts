/**
 * The page languages of platform spec §1, as ISO 639-1 codes, each with its English name and its
 * own. One list for the profile's `language_selected` (accounts.ts) and for every control that
 * sets the page language on the web (lib/page-language.ts). Free of zod, so the header's picker
 * can import it without the schemas.
 */
export const PAGE_LANGUAGES = [
  { code: 'en', name: 'English', native: 'English' },
  { code: 'hi', name: 'Hindi', native: 'हिन्दी' },
  { code: 'ta', name: 'Tamil', native: 'தமிழ்' },
  { code: 'te', name: 'Telugu', native: 'తెలుగు' },
  { code: 'kn', name: 'Kannada', native: 'ಕನ್ನಡ' },
  { code: 'mr', name: 'Marathi', native: 'मराठी' },
  { code: 'gu', name: 'Gujarati', native: 'ગુજરાતી' },
  { code: 'pa', name: 'Punjabi', native: 'ਪੰਜਾਬੀ' },
  { code: 'bn', name: 'Bengali', native: 'বাংলা' },
  { code: 'ml', name: 'Malayalam', native: 'മലയാളം' },
  { code: 'as', name: 'Assamese', native: 'অসমীয়া' },
  { code: 'or', name: 'Odia', native: 'ଓଡ଼ିଆ' },
  { code: 'ur', name: 'Urdu', native: 'اردو' },
] as const;

export type LanguageCode = (typeof PAGE_LANGUAGES)[number]['code'];

export const LANGUAGE_CODES = PAGE_LANGUAGES.map((l) => l.code) as [LanguageCode, ...LanguageCode[]];

/** The language a page starts in when nothing was chosen. */
export const DEFAULT_LANGUAGE: LanguageCode = 'en';

export function isLanguageCode(value: unknown): value is LanguageCode {
  return PAGE_LANGUAGES.some((l) => l.code === value);
}

export function languageName(code: LanguageCode): string {
  return PAGE_LANGUAGES.find((l) => l.code === code)?.name ?? code;
}
