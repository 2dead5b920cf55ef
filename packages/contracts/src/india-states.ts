import { listInWords } from './list-in-words.ts';

/**
 * Reference data (application spec §3): Indian states and union territories with their
 * main cities. This is the smaller list, the one that drives the city dropdown. Shared: the
 * wizard's personal step, the generic form and the profile's State all offer these states, and
 * the server refuses an application's State or City that is not on it (applications.ts).
 */
export const INDIA_STATES: readonly { state: string; cities: readonly string[] }[] = [
  { state: 'Andaman and Nicobar Islands', cities: ['Port Blair', 'Diglipur', 'Mayabunder'] },
  {
    state: 'Andhra Pradesh',
    cities: [
      'Visakhapatnam',
      'Vijayawada',
      'Guntur',
      'Nellore',
      'Tirupati',
      'Kurnool',
      'Kakinada',
      'Rajahmundry',
    ],
  },
  { state: 'Arunachal Pradesh', cities: ['Itanagar', 'Naharlagun', 'Pasighat', 'Tawang'] },
  { state: 'Assam', cities: ['Guwahati', 'Silchar', 'Dibrugarh', 'Jorhat', 'Nagaon', 'Tezpur'] },
  { state: 'Bihar', cities: ['Patna', 'Gaya', 'Bhagalpur', 'Muzaffarpur', 'Darbhanga', 'Purnia'] },
  { state: 'Chandigarh', cities: ['Chandigarh'] },
  { state: 'Chhattisgarh', cities: ['Raipur', 'Bhilai', 'Bilaspur', 'Korba', 'Durg'] },
  { state: 'Dadra and Nagar Haveli and Daman and Diu', cities: ['Daman', 'Diu', 'Silvassa'] },
  { state: 'Delhi', cities: ['New Delhi', 'Delhi', 'Dwarka', 'Rohini'] },
  { state: 'Goa', cities: ['Panaji', 'Margao', 'Vasco da Gama', 'Mapusa', 'Ponda'] },
  {
    state: 'Gujarat',
    cities: ['Ahmedabad', 'Surat', 'Vadodara', 'Rajkot', 'Gandhinagar', 'Bhavnagar', 'Jamnagar'],
  },
  { state: 'Haryana', cities: ['Gurugram', 'Faridabad', 'Panipat', 'Ambala', 'Karnal', 'Hisar', 'Rohtak'] },
  { state: 'Himachal Pradesh', cities: ['Shimla', 'Dharamshala', 'Solan', 'Mandi', 'Kullu'] },
  { state: 'Jammu and Kashmir', cities: ['Srinagar', 'Jammu', 'Anantnag', 'Baramulla'] },
  { state: 'Jharkhand', cities: ['Ranchi', 'Jamshedpur', 'Dhanbad', 'Bokaro', 'Hazaribagh'] },
  {
    state: 'Karnataka',
    cities: ['Bengaluru', 'Mysuru', 'Mangaluru', 'Hubballi', 'Belagavi', 'Kalaburagi', 'Davanagere'],
  },
  { state: 'Kerala', cities: ['Thiruvananthapuram', 'Kochi', 'Kozhikode', 'Thrissur', 'Kollam', 'Kannur'] },
  { state: 'Ladakh', cities: ['Leh', 'Kargil'] },
  { state: 'Lakshadweep', cities: ['Kavaratti', 'Agatti', 'Minicoy'] },
  { state: 'Madhya Pradesh', cities: ['Bhopal', 'Indore', 'Jabalpur', 'Gwalior', 'Ujjain', 'Sagar'] },
  {
    state: 'Maharashtra',
    cities: ['Mumbai', 'Pune', 'Nagpur', 'Nashik', 'Thane', 'Aurangabad', 'Navi Mumbai', 'Kolhapur'],
  },
  { state: 'Manipur', cities: ['Imphal', 'Thoubal', 'Churachandpur'] },
  { state: 'Meghalaya', cities: ['Shillong', 'Tura', 'Jowai'] },
  { state: 'Mizoram', cities: ['Aizawl', 'Lunglei', 'Champhai'] },
  { state: 'Nagaland', cities: ['Kohima', 'Dimapur', 'Mokokchung'] },
  { state: 'Odisha', cities: ['Bhubaneswar', 'Cuttack', 'Rourkela', 'Berhampur', 'Sambalpur', 'Puri'] },
  { state: 'Puducherry', cities: ['Puducherry', 'Karaikal', 'Mahe', 'Yanam'] },
  { state: 'Punjab', cities: ['Ludhiana', 'Amritsar', 'Jalandhar', 'Patiala', 'Bathinda', 'Mohali'] },
  { state: 'Rajasthan', cities: ['Jaipur', 'Jodhpur', 'Udaipur', 'Kota', 'Ajmer', 'Bikaner'] },
  { state: 'Sikkim', cities: ['Gangtok', 'Namchi', 'Gyalshing'] },
  {
    state: 'Tamil Nadu',
    cities: ['Chennai', 'Coimbatore', 'Madurai', 'Tiruchirappalli', 'Salem', 'Tirunelveli', 'Vellore'],
  },
  { state: 'Telangana', cities: ['Hyderabad', 'Warangal', 'Nizamabad', 'Karimnagar', 'Khammam'] },
  { state: 'Tripura', cities: ['Agartala', 'Udaipur', 'Dharmanagar'] },
  {
    state: 'Uttar Pradesh',
    cities: ['Lucknow', 'Kanpur', 'Noida', 'Ghaziabad', 'Agra', 'Varanasi', 'Prayagraj', 'Meerut'],
  },
  { state: 'Uttarakhand', cities: ['Dehradun', 'Haridwar', 'Haldwani', 'Rishikesh', 'Roorkee'] },
  { state: 'West Bengal', cities: ['Kolkata', 'Howrah', 'Durgapur', 'Asansol', 'Siliguri', 'Kharagpur'] },
];

/** Spec §4: the cities of a state, matched case-insensitively; no match gives an empty list. */
export function citiesOf(state: string | undefined): readonly string[] {
  if (!state) return [];
  const key = state.trim().toLowerCase();
  return INDIA_STATES.find((s) => s.state.toLowerCase() === key)?.cities ?? [];
}

// ---------------------------------------------------------------------------
// PIN codes and states
// ---------------------------------------------------------------------------

const NORTH_EAST = [
  'Assam',
  'Arunachal Pradesh',
  'Meghalaya',
  'Manipur',
  'Mizoram',
  'Nagaland',
  'Tripura',
] as const;

/**
 * The states and union territories each PIN code's first two digits may belong to, by India
 * Post's postal circles. Generous on purpose: a circle serves several states (Kerala's also
 * Lakshadweep and Mahe, West Bengal's also Sikkim and the Andamans), and a district on a circle's
 * edge (Mohali and Panchkula round Chandigarh, Yanam inside Andhra Pradesh) is served across the
 * line, so every state of a circle and its near neighbours pass. The check is there to catch a
 * PIN code typed for another part of the country, never to refuse a real address. Two digits with
 * no entry (10, 29, 35, 54–55, 65–66, 86–89) are no PIN code; 90–99 is the Army Postal Service,
 * which serves a unit wherever it is posted.
 */
const PIN_PREFIX_STATES: Readonly<Record<string, readonly string[]>> = (() => {
  const table: Record<string, readonly string[]> = {};
  const set = (from: number, to: number, states: readonly string[]) => {
    for (let p = from; p <= to; p++) table[String(p)] = states;
  };
  set(11, 11, ['Delhi']);
  set(12, 12, ['Haryana']);
  set(13, 13, ['Haryana', 'Punjab', 'Chandigarh']);
  set(14, 15, ['Punjab', 'Chandigarh']);
  set(16, 16, ['Punjab', 'Chandigarh', 'Haryana', 'Himachal Pradesh']);
  set(17, 17, ['Himachal Pradesh']);
  set(18, 19, ['Jammu and Kashmir', 'Ladakh']);
  set(20, 28, ['Uttar Pradesh', 'Uttarakhand']);
  set(30, 34, ['Rajasthan']);
  set(36, 39, ['Gujarat', 'Dadra and Nagar Haveli and Daman and Diu']);
  set(40, 44, ['Maharashtra', 'Goa']);
  set(45, 48, ['Madhya Pradesh', 'Chhattisgarh']);
  set(49, 49, ['Chhattisgarh', 'Madhya Pradesh']);
  set(50, 52, ['Telangana', 'Andhra Pradesh']);
  set(53, 53, ['Andhra Pradesh', 'Telangana', 'Puducherry']);
  set(56, 59, ['Karnataka']);
  set(60, 64, ['Tamil Nadu', 'Puducherry']);
  set(67, 69, ['Kerala', 'Lakshadweep', 'Puducherry']);
  set(70, 74, ['West Bengal', 'Sikkim', 'Andaman and Nicobar Islands']);
  set(75, 77, ['Odisha']);
  set(78, 79, NORTH_EAST);
  set(80, 85, ['Bihar', 'Jharkhand']);
  return table;
})();

/** The Army Postal Service's PIN codes (90–99): any state may be the address's. */
const ARMY_POSTAL_SERVICE = /^9/;

export const PIN_CODE_MESSAGES = {
  notIndian: 'This is not an Indian PIN code.',
  otherState: (pincode: string, states: readonly string[], state: string) =>
    `PIN code ${pincode} is in ${listInWords(states, 'or')}, not ${state}. Check the PIN code or the state.`,
} as const;

/**
 * What is wrong with a PIN code for a state (undefined: nothing this check knows). Only a
 * well-formed PIN code (6 digits, first 1–9) is judged: its format has its own message. `state`
 * left out, or not on the list, judges the PIN code alone; the list's own check speaks for the state.
 */
export function pincodeStateProblem(pincode: string, state?: string): string | undefined {
  if (!/^[1-9][0-9]{5}$/.test(pincode)) return undefined;
  if (ARMY_POSTAL_SERVICE.test(pincode)) return undefined;
  const states = PIN_PREFIX_STATES[pincode.slice(0, 2)];
  if (!states) return PIN_CODE_MESSAGES.notIndian;
  const key = state?.trim().toLowerCase();
  const chosen = INDIA_STATES.find((s) => s.state.toLowerCase() === key)?.state;
  if (chosen === undefined || states.includes(chosen)) return undefined;
  return PIN_CODE_MESSAGES.otherState(pincode, states, chosen);
}
