import { Link } from 'react-router';
import { useCompanyName, useTenant } from '../tenant/tenant-context.ts';
import { BrandMark } from './brand-mark.tsx';
import { FOOTER_LEGAL_PLACEHOLDERS, FOOTER_QUICK_LINKS, FOOTER_SERVICE_LINKS } from './nav-links.ts';
import { FacebookIcon, InstagramIcon, TwitterIcon } from './social-icons.tsx';

const SOCIAL_LINKS = [
  { name: 'Facebook', href: 'https://www.facebook.com/', Icon: FacebookIcon },
  { name: 'Twitter', href: 'https://twitter.com/', Icon: TwitterIcon },
  { name: 'Instagram', href: 'https://www.instagram.com/', Icon: InstagramIcon },
] as const;

function FooterHeading({ children }: { children: string }) {
  return <h2 className="text-sm font-semibold tracking-wide text-white">{children}</h2>;
}

/**
 * A column of links. On phones each is a 44 px tall row (a fingertip's target), stacked
 * without gaps so no two touch areas overlap; with a mouse on a wide screen, the compact list.
 */
function FooterLinks({ label, links }: { label: string; links: readonly { to: string; label: string }[] }) {
  return (
    <nav aria-label={label} className="space-y-3">
      <FooterHeading>{label}</FooterHeading>
      <ul className="space-y-2 text-sm touch:space-y-0">
        {links.map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              className="inline-flex items-center hover:text-white hover:underline touch:min-h-11 touch:min-w-11"
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Brand, description and social links: the footer's tenant-branded column. */
function FooterAbout() {
  const { companyName, description } = useTenant();
  return (
    <div className="space-y-4">
      <BrandMark inverted />
      <p className="text-sm leading-relaxed text-slate-400">{description}</p>
      <ul className="flex gap-2" aria-label="Social media">
        {SOCIAL_LINKS.map(({ name, href, Icon }) => (
          <li key={name}>
            <a
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`${companyName} on ${name}`}
              className="inline-flex size-10 items-center justify-center rounded-full bg-white/5 touch:size-11 text-slate-300 transition hover:bg-white/15 hover:text-white"
            >
              <Icon />
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Copyright and disclaimer, with the company's name. */
function FooterNotice() {
  const companyName = useCompanyName();
  const year = new Date().getFullYear();
  return (
    <>
      <p>
        © {year} {companyName}. All rights reserved.
      </p>
      <p>
        Disclaimer: {companyName} compares credit cards; it is not a bank or lender. Fees, rewards and
        benefits come from public sources and can change. Confirm the current terms with the issuing bank
        before you apply. Approval is at the bank's discretion.
      </p>
    </>
  );
}

/**
 * The links do not depend on the tenant: only the parts that show its branding read it,
 * so the tenant configuration's arrival re-renders those, not every link.
 */
export function Footer() {
  return (
    <footer className="mt-16 bg-slate-950 text-slate-300">
      <div className="container-page grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <FooterAbout />
        <FooterLinks label="Quick Links" links={FOOTER_QUICK_LINKS} />
        <FooterLinks label="Services" links={FOOTER_SERVICE_LINKS} />
        <div className="space-y-3">
          <FooterHeading>Legal</FooterHeading>
          <ul className="space-y-2 text-sm text-slate-400">
            {FOOTER_LEGAL_PLACEHOLDERS.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
          <p className="text-xs text-slate-400">
            Legal documents are being prepared and will be linked here.
          </p>
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="container-page space-y-2 py-6 text-xs leading-relaxed text-slate-400">
          <FooterNotice />
        </div>
      </div>
    </footer>
  );
}
