import type { ApplicationPrefill, PersonalDetailsView, Profile } from '@cardwise/contracts';
import { normaliseGender } from '@cardwise/contracts';
import { and, desc, eq, isNotNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { CatalogView } from '../cards/catalog-store.ts';
import { type ApplicationRow, type Owner, toPersonalView } from './applications-repository.ts';
import { applications } from './applications-schema.ts';

const NOTHING: ApplicationPrefill = { source: null, personal_details: null, employment_details: null };

/**
 * Where a new application's empty steps can start from (ADR 023): the applicant's most recently
 * updated other application that holds personal details, else their profile. Only the owner's
 * rows in this tenant are read; Aadhaar is left out (only its last 4 digits can be read back, and
 * a prefilled mask would be sent to the bank as if typed).
 */
export async function prefillApplication(
  db: Db,
  key: Buffer,
  owner: Owner,
  target: ApplicationRow,
  catalog: CatalogView | undefined,
  profileOf: () => Promise<Profile | undefined>,
): Promise<ApplicationPrefill> {
  const [previous] = await db
    .select()
    .from(applications)
    .where(
      and(
        eq(applications.tenant_id, owner.tenantId),
        eq(applications.user_id, owner.userId),
        ne(applications.id, target.id),
        isNotNull(applications.personal_details),
      ),
    )
    .orderBy(desc(applications.updated_at), desc(applications.id))
    .limit(1);
  if (previous?.personal_details) {
    const card = catalog?.byId.get(previous.card_id) ?? previous.card_snapshot ?? null;
    return {
      source: {
        kind: 'application',
        reference_id: previous.reference_id,
        card_name: card?.name ?? null,
        updated_at: previous.updated_at.toISOString(),
      },
      personal_details: readablePersonal(key, previous),
      employment_details: previous.employment_details ?? null,
    };
  }
  const profile = await profileOf();
  const fromProfile = profile ? personalFromProfile(profile) : {};
  if (Object.keys(fromProfile).length === 0) return NOTHING;
  return { source: { kind: 'profile' }, personal_details: fromProfile, employment_details: null };
}

function readablePersonal(key: Buffer, row: ApplicationRow): PersonalDetailsView {
  const stored = row.personal_details ?? {};
  let view: PersonalDetailsView;
  try {
    view = toPersonalView(key, row.id, stored);
  } catch {
    // A PAN sealed under a key this server no longer holds: the rest still saves retyping.
    const { pan_encrypted: _pan, ...rest } = stored;
    view = toPersonalView(key, row.id, rest);
  }
  const { aadhaar_last4: _last4, aadhaar_masked: _masked, ...rest } = view;
  return rest;
}

/**
 * The profile's fields the personal step asks for too, in the step's names. Name, email and mobile
 * are left out: the form takes them from the account already, and a profile holding only those
 * has nothing to add (no "filled in from your profile" for what sign-up asked).
 */
function personalFromProfile(p: Profile): PersonalDetailsView {
  const out: PersonalDetailsView = {};
  const text = (v: string | null | undefined) =>
    typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
  const set = <K extends keyof PersonalDetailsView>(k: K, v: PersonalDetailsView[K] | undefined) => {
    if (v !== undefined) out[k] = v;
  };
  set('date_of_birth', text(p.date_of_birth));
  set('gender', normaliseGender(p.gender));
  set('pan_number', text(p.pan_number));
  set('address_line1', text(p.address));
  set('city', text(p.city));
  set('state', text(p.state));
  set('pincode', text(p.pincode));
  return out;
}
