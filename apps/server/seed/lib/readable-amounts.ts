/**
 * The research CSV writes amounts bare ("4000 MR on 15000 spend", "1% on 400-5000 per transaction,
 * max 250 per statement cycle"). A cardholder reads amounts in Indian grouping, and rupees with ₹.
 * Grouping is always safe; ₹ is added only where the words around a number say it is money, since
 * calling 4,000 reward points ₹4,000 would misstate the card. Anything unsure keeps its number
 * without a sign.
 */

/** Reward units: a number before one of these is a count of points, never rupees. */
const POINTS_AFTER =
  /^\s*(?:bonus\s+)?(?:RP|MR|EDGE|NeuCoins|DP|BluChips?|CashPoints|Fuel Points|points|Miles|reward points)\b/i;
/** Counts of days, visits, tickets: never rupees. */
const COUNT_AFTER =
  /^\s*(?:-\s*)?(?:days?|months?|years?|yr|visits?|domestic|international|railway|airport|tickets?|lounges?|guest|per (?:quarter|year)\b)/i;
/** Words before a number that make it an amount of money. */
const MONEY_BEFORE =
  /(?:worth\s*~?|spends?\s+of|spend(?:s|ing)?|spent|single (?:spend|transaction) of|max(?:imum)?|up to|cap(?: reported as)?|transactions?\s*(?:<|>=|up to)|>=|<|min(?:imum)?(?: transaction| spend)?|values? it at|lists|(?:e-)?voucher|at)\s*$/i;
/** Words after a number that make it an amount of money. */
const MONEY_AFTER =
  /^(?:\s*\+?\s*(?:(?:quarterly|annual|monthly|online|annual online)\s+)?(?:spends?|spent)\b|-spend\b|\s+in (?:the )?previous\b|\s+INR\b|\s+cashback\b|\s+(?:gift |flight |movie )?(?:e-)?vouchers?\b|\s+[A-Z][\w/]*(?:\s+[A-Z][\w/]*)?\s+(?:e-)?vouchers?\b|\s+per (?:transaction|(?:calendar )?(?:quarter|month|year))\b)/;
/**
 * Between two amounts of one phrase ("at 300000 and 400000", ">= 10000 (Visa) / 15000"). Not a
 * comma: "… at 300000 and 400000, 15000 each at …" starts a new phrase, of reward points there.
 */
const SAME_PHRASE = /^\s*(?:\([^)]*\)\s*)?(?:and|or|\/|to)\s*$/i;

/** A bare number or range not glued to a word, a date, a decimal, a percentage or another number. */
const NUMBER = /(?<![\w.,₹/-])(\d+)(?:-(\d+))?(?![\w%]|[.,]\d)/g;

const group = (n: number): string => n.toLocaleString('en-IN');
/** Smaller amounts in these texts are counts (visits, tickets), not rupees. */
const SMALLEST_RUPEES = 20;

export function readableAmounts(text: string): string {
  let out = '';
  let last = 0;
  let previousWasMoney = false;
  let previousEnd = -1;
  for (const m of text.matchAll(NUMBER)) {
    const start = m.index;
    const end = start + m[0].length;
    const before = text.slice(Math.max(0, start - 30), start);
    const after = text.slice(end, end + 40);
    const low = Number(m[1]);
    const high = m[2] === undefined ? null : Number(m[2]);
    const reward = POINTS_AFTER.test(after);
    const counted = reward || COUNT_AFTER.test(after);
    const money: boolean =
      !counted &&
      low >= SMALLEST_RUPEES &&
      (MONEY_BEFORE.test(before) ||
        MONEY_AFTER.test(after) ||
        (high !== null && /\bon\s*$/i.test(before)) ||
        (previousWasMoney && SAME_PHRASE.test(text.slice(previousEnd, start))));
    // A bare 1990–2099 with no money or points around it is a year ("since 2024"): left alone.
    if (!money && !reward && high === null && low >= 1990 && low <= 2099) {
      previousWasMoney = false;
      continue;
    }
    const sign = money ? '₹' : '';
    const shown =
      high === null
        ? `${sign}${group(low)}`
        : // A range of days or visits keeps its hyphen; a range of rupees reads "₹400–₹5,000".
          money
          ? `₹${group(low)}–₹${group(high)}`
          : `${group(low)}-${group(high)}`;
    out += text.slice(last, start) + shown;
    last = end;
    previousWasMoney = money;
    previousEnd = end;
  }
  // "1000 INR gift voucher" reads "₹1,000 gift voucher": the sign already says INR.
  return (out + text.slice(last)).replace(/(₹[\d,]+) INR\b/g, '$1');
}

/** An income text ("420000 salaried (35000/month)"): every figure of five digits or more is rupees. */
export function readableIncome(text: string): string {
  return text.replace(/\b(\d{5,})\b/g, (m) => `₹${group(Number(m))}`);
}
