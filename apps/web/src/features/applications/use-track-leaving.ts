import { type RefObject, useEffect, useRef } from 'react';

/**
 * Whether the applicant has left the step (the header's links, Back) by the time an answer
 * arrives: true once the step unmounts. A save or 'Submit Documents' still on its way must not
 * pull them from where they went back into the wizard's next step. Reset on mount, since
 * StrictMode runs the effect's cleanup once on a step that stays.
 */
export function useTrackLeaving(): RefObject<boolean> {
  const left = useRef(false);
  useEffect(() => {
    left.current = false;
    return () => {
      left.current = true;
    };
  }, []);
  return left;
}
