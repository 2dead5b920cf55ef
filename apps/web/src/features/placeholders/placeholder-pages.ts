/**
 * Pages whose features arrive in later issues. Each still renders inside the
 * shell with its title and an honest line about what it is for: never blank.
 */
export interface PlaceholderInfo {
  title: string;
  purpose: string;
}

export const PLACEHOLDERS = {
  services: {
    title: 'Services',
    purpose: 'An overview of our loans, insurance and financial-advice services.',
  },
  loans: { title: 'Loans', purpose: 'Compare personal, home, business, education and vehicle loans.' },
  loanType: { title: 'Loan details', purpose: 'Details and an application form for this type of loan.' },
  insurance: {
    title: 'Insurance',
    purpose: 'Compare health, life, auto, home, travel and business insurance.',
  },
  insuranceType: {
    title: 'Insurance details',
    purpose: 'Details and an application form for this type of insurance.',
  },
  waitlist: { title: 'Join the Waitlist', purpose: 'Sign up to hear first when new features launch.' },
  wishlist: { title: 'Wishlist', purpose: 'Tell us which cards and features you would like to see.' },
  community: {
    title: 'Community',
    purpose: 'Posts and questions from people comparing and using credit cards.',
  },
  communityPost: { title: 'Community Post', purpose: 'A community post with its comments and replies.' },
  communityUser: { title: 'Community Member', purpose: "A community member's posts and contributions." },
  communityNewPost: { title: 'New Post', purpose: 'Write a new post for the community.' },
  communityLeaderboard: { title: 'Leaderboard', purpose: 'The most helpful community contributors.' },
  communityGuidelines: {
    title: 'Community Guidelines',
    purpose: 'How we keep the community useful and kind.',
  },
  communityDashboard: {
    title: 'Community Dashboard',
    purpose: 'Your posts, bookmarks and community activity.',
  },
  communityEditPost: { title: 'Edit Post', purpose: 'Edit one of your community posts.' },
  communityCategory: { title: 'Community Category', purpose: 'Community posts on one topic.' },
  communityAsk: { title: 'Ask a Question', purpose: 'Ask the community a question about cards or money.' },
  formExample: { title: 'Form Example', purpose: 'A demonstration of the form components.' },
  applicationFlow: { title: 'Application Flow', purpose: 'A demonstration of the card application steps.' },
  financialAdvice: {
    title: 'Financial Advice',
    purpose: 'One-to-one and group sessions with financial advisors.',
  },
  adviceSchedule: { title: 'Schedule a Session', purpose: 'Pick a time for a financial-advice session.' },
  adviceSessions: { title: 'My Sessions', purpose: 'Your booked financial-advice sessions.' },
  adviceGroupSessions: { title: 'Group Sessions', purpose: 'Upcoming group sessions on money topics.' },
  adviceGroupSession: { title: 'Group Session', purpose: 'Details of one group session and how to join it.' },
} satisfies Record<string, PlaceholderInfo>;

export type PlaceholderId = keyof typeof PLACEHOLDERS;
