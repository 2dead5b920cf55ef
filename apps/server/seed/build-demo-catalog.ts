/**
 * Builds apps/server/seed/demo-catalog.json from the research CSVs plus the hand-written card
 * definitions in ./cards. Run from the repo root:
 *
 *   npx tsx apps/server/seed/build-demo-catalog.ts <dir with cards.csv and merchants.csv>
 *
 * The committed JSON is the source of truth; the product never reads the CSVs.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type CatalogCardInput,
  type CatalogFileInput,
  CONDITION_FIELDS,
  catalogFileSchema,
  issuedByInvitation,
  RESEARCH_NOTE_FIELD,
  UNCOUNTED_RATES_FIELD,
  UNDATED_AS_OF,
} from '@cardwise/contracts';
import { BANKS, TAGS } from './banks.ts';
import { AMEX_CARDS } from './cards/amex.ts';
import { AU_CARDS } from './cards/au.ts';
import { AXIS_CARDS } from './cards/axis.ts';
import { BOB_CARDS } from './cards/bob.ts';
import { HDFC_CARDS } from './cards/hdfc.ts';
import { HSBC_CARDS, ICICI_CARDS } from './cards/hsbc-icici.ts';
import { IDBI_CARDS, IDFC_CARDS, INDUSIND_CARDS } from './cards/idbi-idfc-indusind.ts';
import { KOTAK_CARDS, PNB_CARDS, RBL_CARDS } from './cards/kotak-pnb-rbl.ts';
import { OTHER_CARDS } from './cards/others.ts';
import { SBI_CARDS } from './cards/sbi.ts';
import { SC_CARDS, YES_CARDS } from './cards/sc-yes.ts';
import { EDITORIAL } from './editorial.ts';
import { type CardDef, excludeCategories, type UncertainNote } from './lib/card-def.ts';
import { parseCsv } from './lib/csv.ts';
import { lowerRatesNeverPaid, neverWinningRules, taxonomyLeaves } from './lib/never-winning-rules.ts';
import { readableAmounts, readableIncome } from './lib/readable-amounts.ts';
import { placeRuleNotes } from './lib/rule-notes.ts';
import { buildTaxonomy, LEVELS } from './lib/taxonomy.ts';

export const CARD_DEFS: CardDef[] = [
  ...AMEX_CARDS,
  ...AU_CARDS,
  ...AXIS_CARDS,
  ...BOB_CARDS,
  ...OTHER_CARDS,
  ...HDFC_CARDS,
  ...HSBC_CARDS,
  ...ICICI_CARDS,
  ...IDBI_CARDS,
  ...IDFC_CARDS,
  ...INDUSIND_CARDS,
  ...KOTAK_CARDS,
  ...PNB_CARDS,
  ...RBL_CARDS,
  ...SBI_CARDS,
  ...SC_CARDS,
  ...YES_CARDS,
];

/** CSV column -> catalogue field it informs (for `uncertain` entries). */
const COLUMN_FIELD: Record<string, string> = {
  network: 'network',
  annual_fee_inr: 'annual_fee',
  joining_fee_inr: 'joining_fee',
  fee_waiver_rule: 'fee_waiver_annual_spend',
  base_reward: 'rules',
  reward_point_value_inr: 'reward_point_value_inr',
  accelerated_rewards: 'rules',
  exclusions: 'rules',
  fuel_surcharge_waiver: 'fuel_surcharge_waiver',
  welcome_benefit: 'welcome_bonus',
  lounge_access: 'lounge_access',
  min_income_inr_per_year: 'min_income',
  as_of: 'as_of',
};

const CAVEAT = /from memory|not confirmed|not verified|unverified/i;

/**
 * What a "not confirmed" cell leaves unknown, where its field's label does not say it: three
 * columns inform the earn rates, and "Earn rates: No source we retrieved states it." left the
 * reader to guess which fact was missing.
 */
const UNSTATED_SUBJECT: Record<string, string> = {
  base_reward: 'the base earn rate',
  accelerated_rewards: 'the accelerated earn rates',
  exclusions: 'which spends earn nothing on this card',
};

/**
 * Columns whose cell is one list ("Visa; Mastercard (from memory)"): its ';' separates items, not
 * clauses, so a caveat covers the whole list and the note quotes the list, not its last item alone.
 */
const LIST_COLUMNS = new Set(['network']);

/** Splits a CSV cell into clauses at ';' outside parentheses. */
function clauses(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of text) {
    if (ch === '(') depth++;
    if (ch === ')') depth = Math.max(0, depth - 1);
    if (ch === ';' && depth === 0) {
      out.push(cur.trim());
      cur = '';
    } else {
      cur += ch;
    }
  }
  if (cur.trim()) out.push(cur.trim());
  return out;
}

const clip = (s: string, n: number): string => (s.length <= n ? s : `${s.slice(0, n - 1)}…`);

/**
 * The research's shorthand in words a cardholder reads: "from memory" means no retrieved source
 * states the fact, which the card page calls unconfirmed. Applied to every text copied from the CSV.
 */
function forReaders(text: string): string {
  return withoutAbbreviations(
    text
      .replace(/\(from memory\)/gi, '(unconfirmed)')
      .replace(/\b(?:from|per) memory\b/gi, 'unconfirmed')
      .replace(/\btxns?\b/gi, (w) => (w.toLowerCase() === 'txn' ? 'transaction' : 'transactions')),
  );
}

/** The trade's abbreviations in words: a first-time cardholder cannot be expected to know them. */
function withoutAbbreviations(text: string): string {
  return text
    .replace(/\b1 ((?:[A-Z][A-Za-z]* )?)RP\b/g, '1 $1reward point')
    .replace(/\bRP\b/g, 'reward points')
    .replace(/\bLTF\b/g, 'lifetime-free')
    .replace(/\bFYF\b/g, 'first-year-free')
    .replace(/\bKFS\b/g, 'Key Fact Statement')
    .replace(/\bMITC\b/g, 'Most Important Terms and Conditions')
    .replace(/\bT&C\b/g, 'terms and conditions');
}

/**
 * Research text about a catalogue field as a cardholder reads it: amounts grouped, rupees signed
 * (every figure of an income is rupees), dates left alone.
 */
function quoteForReaders(field: string, clause: string): string {
  const text = forReaders(clause);
  if (field === 'as_of') return text;
  return field === 'min_income' ? readableIncome(text) : readableAmounts(text);
}

/** A hand-written note's quotes of the research, read as quoteForReaders reads them. */
function amountsInQuotes(field: string, note: string): string {
  return note.replace(/"([^"]*)"/g, (_, quoted: string) => `"${quoteForReaders(field, quoted)}"`);
}

/** An `as_of` that is only "from memory": the facts have no date. */
const ONLY_FROM_MEMORY = /^\s*from memory\s*$/i;

const asOfText = (text: string | undefined): string =>
  !text || ONLY_FROM_MEMORY.test(text) ? UNDATED_AS_OF : forReaders(text);

/** A note on some rules, or on a rate we do not count, is still a note on the earn rates. */
const earnField = (field: string): string =>
  field === UNCOUNTED_RATES_FIELD || field.startsWith('rules.') ? 'rules' : field;

/**
 * Every CSV clause carrying a caveat, quoted, unless a hand-written note already quotes it. The
 * card page puts "Not confirmed: <field>:" before each note, so the note says what was reported.
 */
function autoUncertain(row: Record<string, string>, manual: UncertainNote[]): UncertainNote[] {
  const out: UncertainNote[] = [];
  for (const [column, field] of Object.entries(COLUMN_FIELD)) {
    const text = row[column] ?? '';
    const parts = LIST_COLUMNS.has(column) ? [text.trim()].filter(Boolean) : clauses(text);
    for (const clause of parts) {
      if (!CAVEAT.test(clause)) continue;
      // A bare "not confirmed" is in many hand-written notes about other facts: it is only covered
      // by one about the same field (Kotak Cashback+'s network, welcome and lounge cells were lost).
      const probe = clause.slice(0, 20);
      const bare = /^not confirmed$/i.test(clause.trim());
      // A hand-written note quotes the cell with its abbreviations spelt out (forReaders).
      const spelt = withoutAbbreviations(probe);
      const quoted = (m: UncertainNote) => m.note.includes(probe) || m.note.includes(spelt);
      if (manual.some((m) => quoted(m) && (!bare || earnField(m.field) === field))) continue;
      const unstated = /^not confirmed\b\s*(.*)$/i.exec(clause);
      // A caveat in the date cell that names no date is about the research as a whole ("per-category
      // caps from memory"): filed under the date it read "Date of these facts: Reported as
      // "per-category caps unconfirmed"", a date that was never in question.
      if (column === 'as_of' && !/\b(?:19|20)\d{2}\b/.test(clause) && !ONLY_FROM_MEMORY.test(clause)) {
        out.push({
          field: RESEARCH_NOTE_FIELD,
          note: clip(`The research behind this page says: "${quoteForReaders(field, clause)}".`, 500),
        });
        continue;
      }
      const note =
        ONLY_FROM_MEMORY.test(clause) && column === 'as_of'
          ? 'We found no date for these facts.'
          : unstated
            ? `No source we retrieved states ${UNSTATED_SUBJECT[column] ?? 'it'}${unstated[1] ? ` ${forReaders(unstated[1])}` : ''}.`
            : `Reported as "${quoteForReaders(field, clause)}".`;
      out.push({ field, note: clip(note, 500) });
    }
  }
  return out;
}

const isUrl = (s: string): boolean => {
  try {
    new URL(s);
    return /^https?:\/\//.test(s);
  } catch {
    return false;
  }
};

/** An income cell saying no more than its figure or its absence. */
const INCOME_FIGURE_ONLY = /^(?:\d*|not published|not confirmed)$/i;

function parseIncome(text: string): number | null {
  const m = /^(\d{5,})/.exec(text.trim());
  return m ? Number(m[1]) : null;
}

/** Text facts copied from the CSV: null when the research did not find them. */
function factText(text: string | undefined): string | null {
  const t = readableAmounts(forReaders((text ?? '').trim()));
  if (!t || /^(not confirmed|not stated)\b/i.test(t)) return null;
  return t.charAt(0).toUpperCase() + t.slice(1);
}

/**
 * The research's welcome cell also lists spend milestones ("…; milestones: ₹1,500 voucher per
 * ₹1,50,000 quarterly spend"). A card whose milestones are written out (its Milestones panel) keeps
 * only the welcome part; a card without them keeps the whole cell, so nothing reported is lost.
 */
function withoutMilestones(cell: string, def: CardDef): string {
  if (!def.milestones?.length) return cell;
  const kept = clauses(cell).filter(
    (c) => !/^milestones?\b/i.test(c) && !/\b(?:quarterly|annual) spend\b|\bper calendar quarter\b/i.test(c),
  );
  return kept.length ? kept.join('; ') : cell;
}

function cleanNetwork(text: string): string | null {
  const t = text.replace(/\s*\(from memory\)/i, '').trim();
  if (!t || /not confirmed/i.test(t)) return null;
  return clip(t, 60);
}

/**
 * Only RuPay credit cards work on UPI (RBI rules), so a card with no RuPay variant earns nothing on
 * UPI payments: the engine must not place UPI spend on it.
 */
function upiExclusion(def: CardDef, row: Record<string, string>): CardDef['rules'] {
  const network = def.network !== undefined ? def.network : cleanNetwork(row.network ?? '');
  // A RuPay variant reported only from memory is an uncertain fact: it stays out of earn rules,
  // as a network "not confirmed" does (IDBI Aspire's "Visa; RuPay (from memory)").
  const rupayUnconfirmed = def.network === undefined && /from memory|not confirmed/i.test(row.network ?? '');
  if (network && /rupay/i.test(network) && !rupayUnconfirmed) return [];
  if (rupayUnconfirmed && network && /rupay/i.test(network)) {
    return [
      {
        conditions: { category: ['upi'] },
        excluded: true,
        note: 'UPI use not confirmed (its RuPay variant is unconfirmed): treated as not usable on UPI',
      },
    ];
  }
  return [
    {
      conditions: { category: ['upi'] },
      excluded: true,
      note: network
        ? 'Cannot be used for UPI payments: only RuPay credit cards work on UPI'
        : 'UPI use not confirmed (network not confirmed): treated as not usable on UPI',
    },
  ];
}

/**
 * Paying another card's bill and buying investments: the merchant research marks the first
 * "excluded everywhere" and the second "generally not payable by credit card / excluded", so no
 * card earns on them, whether or not its own research row lists them. A card whose rules already
 * exclude both (Scapia) gets nothing added.
 */
const NEVER_REWARDED = ['card_bill_payment', 'investments'];

function neverRewarded(def: CardDef): CardDef['rules'] {
  const missing = NEVER_REWARDED.filter(
    (c) => !def.rules.some((r) => 'excluded' in r && r.excluded && r.conditions.category?.includes(c)),
  );
  return missing.length ? [excludeCategories(missing)] : [];
}

function main(): void {
  const dir = process.argv[2];
  if (!dir) {
    console.error(
      'usage: npx tsx apps/server/seed/build-demo-catalog.ts <dir with cards.csv and merchants.csv>',
    );
    process.exit(2);
  }
  const cardRows = parseCsv(readFileSync(join(dir, 'cards.csv'), 'utf8'));
  const merchantRows = parseCsv(readFileSync(join(dir, 'merchants.csv'), 'utf8'));
  const taxonomy = buildTaxonomy(merchantRows);
  const bankByCode = new Map(BANKS.map((b) => [b.code, b]));
  const rowByName = new Map(cardRows.map((r) => [r.card_name ?? '', r]));

  const problems: string[] = [];
  const cards: CatalogCardInput[] = CARD_DEFS.map((def) => {
    const row = rowByName.get(def.csv);
    const bank = bankByCode.get(def.bank);
    if (!row) throw new Error(`${def.id}: no cards.csv row named '${def.csv}'`);
    if (!bank) throw new Error(`${def.id}: unknown bank '${def.bank}'`);
    const page = def.page ?? bank.cards_page;
    const editorial = EDITORIAL[def.id];
    const tags = editorial?.tags ?? [];

    // Hand-written notes quote the CSV: its shorthand is reworded as in every copied text.
    const manual = (def.uncertain ?? []).map((u) => ({ ...u, note: forReaders(u.note) }));
    const rules = [...def.rules, ...upiExclusion(def, row), ...neverRewarded(def)];
    // Their quotes get readable amounts only after autoUncertain has matched them to the raw CSV.
    const placed = placeRuleNotes(
      def,
      rules,
      manual.map((u) => ({ ...u, note: amountsInQuotes(u.field, u.note) })),
      autoUncertain(row, manual),
      problems,
    );
    const uncertain = [...placed.hand, ...placed.auto];
    let sources = (row.source_urls ?? '')
      .split(/;\s*/)
      .map((s) => s.trim())
      .filter(isUrl);
    if (sources.length === 0) {
      sources = [page];
      uncertain.unshift({
        field: 'sources',
        note: `We found no source for these facts; the link given is the bank's page to check them against, not where they came from.`,
      });
    }

    const welcome = factText(withoutMilestones(row.welcome_benefit ?? '', def));
    const lounge = factText(row.lounge_access);
    const fuel = factText(row.fuel_surcharge_waiver);
    const incomeText = forReaders((row.min_income_inr_per_year ?? '').trim());
    const incomeRead = readableIncome(incomeText);
    // A card's other perks only: the welcome bonus, lounges and fuel surcharge waiver have fields of
    // their own (below), which the card page shows in its perks panel. Restated here as "Welcome: …",
    // each of them was printed twice on the page, once there and once under Key benefits.
    const benefits = def.benefits ?? [];

    // Only what the minimum-income figure beside it does not already say: a bare figure or
    // "not published" would print the same fact twice on the card page.
    // Nor what a note under that figure already quotes whole.
    const eligibility =
      !INCOME_FIGURE_ONLY.test(incomeText) &&
      !uncertain.some((u) => u.field === 'min_income' && u.note.includes(incomeRead))
        ? clip(`Minimum annual income: ${incomeRead}`, 500)
        : null;

    const card: CatalogCardInput = {
      id: def.id,
      name: def.name ?? row.card_name ?? def.id,
      issuer: def.issuer ?? bank.name,
      bank: def.bank,
      network: def.network !== undefined ? def.network : cleanNetwork(row.network ?? ''),
      annual_fee: def.annual_fee,
      fee_frequency: def.fee_frequency ?? 'YEARLY',
      joining_fee: def.joining_fee,
      fee_waiver_annual_spend: def.fee_waiver_annual_spend,
      waiver_condition: def.waiver_condition,
      interest_rate: null,
      min_income: def.min_income !== undefined ? def.min_income : parseIncome(incomeText),
      credit_score: null,
      image_url: null,
      apply_url: page,
      // We have affiliate deals only for sponsored cards (spec §5: their Apply Now needs the link).
      // Every other card is applied for at the bank's page (null: no link, Apply stays open), except
      // one its bank issues only by invitation: false, which the Apply rule reads as "not available".
      affiliated_url: tags.includes('sponsored') ? page : issuedByInvitation(eligibility) ? false : null,
      bank_page_url: page,
      know_more_urls: [],
      highlights: def.highlights,
      benefits,
      description: def.description,
      eligibility,
      welcome_bonus: welcome ? clip(welcome, 500) : null,
      lounge_access: lounge ? clip(lounge, 500) : null,
      fuel_surcharge_waiver: fuel ? clip(fuel, 500) : null,
      reward_point_value_inr: def.reward_point_value_inr,
      // Only where set: every other card takes the schema's null.
      ...(def.points_redeemable_only_on ? { points_redeemable_only_on: def.points_redeemable_only_on } : {}),
      ...(def.points_redeemable_only_on_words
        ? { points_redeemable_only_on_words: def.points_redeemable_only_on_words }
        : {}),
      ...(def.points_value_elsewhere_inr === undefined
        ? {}
        : { points_value_elsewhere_inr: def.points_value_elsewhere_inr }),
      ...(def.forex_markup_rate === undefined ? {} : { forex_markup_rate: def.forex_markup_rate }),
      reward_type: def.reward_type,
      card_type: 'CREDIT_CARD',
      status: 1,
      is_active: true,
      tags,
      sections: editorial?.sections ?? [],
      editorial_rationale: editorial?.rationale ?? null,
      sources,
      as_of: clip(asOfText(row.as_of), 120),
      uncertain,
      milestones: (def.milestones ?? []).map((m) => ({
        ...m,
        bonus_inr: Math.round(m.bonus_inr * 100) / 100,
      })),
      rules,
      cap_groups: def.cap_groups ?? [],
    };
    return card;
  });

  const leaves = taxonomyLeaves(taxonomy.roots);
  // Every rule slug must exist at the taxonomy level its field names.
  for (const card of cards) {
    for (const rule of card.rules ?? []) {
      for (const field of CONDITION_FIELDS) {
        if (field === 'brand') continue;
        const level = LEVELS.indexOf(field);
        for (const slug of rule.conditions[field] ?? []) {
          if (!taxonomy.slugsAt[LEVELS[level] ?? 'mode'].has(slug)) {
            problems.push(`${card.id}: ${field} '${slug}' is not a level-${level + 1} slug`);
          }
        }
      }
      if (!('excluded' in rule) && rule.rate > 0.25) problems.push(`${card.id}: rate ${rule.rate} > 0.25`);
    }
    const bound = card.points_redeemable_only_on;
    for (const slug of typeof bound === 'string' ? [bound] : (bound ?? []))
      if (!taxonomy.slugsAt.platform_name.has(slug) && !taxonomy.slugsAt.platform_type.has(slug))
        problems.push(
          `${card.id}: points_redeemable_only_on '${slug}' is no platform_name or platform_type slug`,
        );
    problems.push(...neverWinningRules(card));
    problems.push(...lowerRatesNeverPaid(card, leaves));
  }
  for (const id of Object.keys(EDITORIAL)) {
    if (!cards.some((c) => c.id === id)) problems.push(`editorial names unknown card '${id}'`);
  }
  const used = new Set(CARD_DEFS.map((d) => d.csv));
  for (const r of cardRows)
    if (!used.has(r.card_name ?? '')) problems.push(`cards.csv row not used: ${r.card_name}`);
  if (problems.length > 0) {
    console.error(problems.join('\n'));
    process.exit(1);
  }

  const file: CatalogFileInput = {
    version: 1,
    banks: BANKS.map(({ cards_page: _page, ...bank }) => bank),
    tags: TAGS,
    categories: taxonomy.roots,
    cards,
  };
  catalogFileSchema.parse(file);
  const out = join(import.meta.dirname, 'demo-catalog.json');
  writeFileSync(out, `${JSON.stringify(file, null, 2)}\n`);
  const withUncertain = cards.filter((c) => (c.uncertain ?? []).length > 0).length;
  console.log(
    `wrote ${out}: ${cards.length} cards, ${BANKS.length} banks, ${taxonomy.nodeCount} category nodes, ${withUncertain} cards with uncertain facts`,
  );
}

main();
