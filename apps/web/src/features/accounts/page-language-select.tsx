import { PAGE_LANGUAGES } from '@cardwise/contracts';
import { usePageLanguage } from '../../lib/page-language.ts';
import { inputClass } from './form-controls.tsx';

/**
 * The page language as a select, for Settings and the profile's 'Preferred language': both show
 * the one setting the header's picker shows (ADR 014), each with its own label.
 */
export function PageLanguageSelect({ id, describedBy }: { id: string; describedBy?: string }) {
  const { language, setLanguage } = usePageLanguage();
  return (
    <select
      id={id}
      aria-describedby={describedBy}
      className={inputClass}
      value={language}
      onChange={(e) => void setLanguage(e.target.value)}
    >
      {PAGE_LANGUAGES.map((l) => (
        <option key={l.code} value={l.code}>
          {l.name} ({l.native})
        </option>
      ))}
    </select>
  );
}
