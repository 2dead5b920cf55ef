/**
 * A random (version 4) UUID: the `uuid` package's. `crypto.randomUUID` alone exists only in
 * secure contexts (HTTPS or localhost): opened over plain HTTP from another device, the review
 * step crashed and 'Submit Documents' did nothing. The package uses it where it exists and
 * `crypto.getRandomValues`, which exists everywhere, elsewhere.
 */
export { v4 as randomUuid } from 'uuid';
