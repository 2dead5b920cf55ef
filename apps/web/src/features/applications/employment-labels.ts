/**
 * The words the employment form shows for its choices, shared with the review screen so that
 * it shows the answer as it was chosen ('Private Limited', 'MNC', 'Banking'), not the stored
 * code re-cased ('Pvt Ltd', 'Mnc', 'BANKING'). An unknown code is shown as it is.
 */
const LABELS: Record<string, string> = {
  SALARIED: 'Salaried',
  SELF_EMPLOYED: 'Self Employed',
  STUDENT: 'Student',
  HOMEMAKER: 'Homemaker',
  RETIRED: 'Retired',
  OTHERS: 'Others',
  IT: 'IT',
  BANKING: 'Banking',
  MANUFACTURING: 'Manufacturing',
  HEALTHCARE: 'Healthcare',
  EDUCATION: 'Education',
  RETAIL: 'Retail',
  PVT_LTD: 'Private Limited',
  PVT: 'Private',
  PUBLIC: 'Public',
  GOVT: 'Government',
  MNC: 'MNC',
  LLP: 'LLP',
  PROPRIETORSHIP: 'Proprietorship',
  PARTNERSHIP: 'Partnership',
  YES: 'Yes',
  NO: 'No',
};

// Own keys only: a stored code such as 'constructor' must not find Object's.
export const employmentLabel = (v: string): string => (Object.hasOwn(LABELS, v) ? (LABELS[v] as string) : v);
