/** Header navigation, exactly as spec §2 lists it. */
export const HEADER_LINKS = [
  { label: 'Home', to: '/' },
  { label: 'Credit Cards', to: '/cards' },
  { label: 'Community', to: '/community' },
  { label: 'About', to: '/about' },
  { label: 'Contact', to: '/contact' },
  { label: 'FAQ', to: '/faq' },
] as const;

/** Footer quick links (spec §2): /, /about, /services, /contact, /faq, /cards. */
export const FOOTER_QUICK_LINKS = [
  { label: 'Home', to: '/' },
  { label: 'About Us', to: '/about' },
  { label: 'Services', to: '/services' },
  { label: 'Contact', to: '/contact' },
  { label: 'FAQ', to: '/faq' },
  { label: 'Credit Cards', to: '/cards' },
] as const;

/** Footer services links (spec §2). */
export const FOOTER_SERVICE_LINKS = [
  { label: 'Loans', to: '/loans' },
  { label: 'Personal Loans', to: '/loans/personal' },
  { label: 'Home Loans', to: '/loans/home' },
  { label: 'Insurance', to: '/insurance' },
  { label: 'Health Insurance', to: '/insurance/health' },
  { label: 'Financial Advisor', to: '/financial-advisor' },
] as const;

/** Spec §2: legal links are placeholders until the documents exist. */
export const FOOTER_LEGAL_PLACEHOLDERS = ['Privacy Policy', 'Terms of Use', 'Grievance Redressal'] as const;
