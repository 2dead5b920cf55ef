import { useEffect } from 'react';

/**
 * While `active`, leaving the page (a reload, closing the tab, another address typed in) asks the
 * browser's own 'Leave site?' first: for what the page holds that no storage can keep, such as
 * the files an applicant chose and has not sent (a File cannot be written to sessionStorage).
 * The listener goes as soon as nothing would be lost, and with the component: a page that warns
 * for no reason teaches people to click through the warning.
 *
 * Browsers show their own wording (a page's text has been ignored for years), and only once the
 * page has had a user gesture; `returnValue` is for those before the standard `preventDefault()`
 * (Chrome and Edge before 119, older Safari).
 */
export function useLeaveWarning(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = true;
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}
