/**
 * The application steps' data of the journeys' applicant (Meera Iyer, salaried in Bengaluru), for
 * journeys that save the personal and employment steps through the API to reach a later step.
 * The forms themselves are filled in by application.e2e.ts.
 */
export function personalDetails(email: string) {
  return {
    full_name: 'Meera Iyer',
    date_of_birth: '1991-04-12',
    gender: 'FEMALE',
    pan_number: 'ABCPI1234K',
    address_line1: '14 Residency Road',
    state: 'Karnataka',
    city: 'Bengaluru',
    pincode: '560025',
    country: 'India',
    email,
    mobile: '9876501234',
  };
}

export const EMPLOYMENT_DETAILS = {
  employment_type: 'SALARIED',
  company_name: 'Infosys',
  designation: 'Engineer',
  industry: 'IT',
  company_type: 'PUBLIC',
  work_experience_years: 6,
  annual_income: 1800000,
  monthly_income: 150000,
  existing_credit_cards: 'NO',
};
