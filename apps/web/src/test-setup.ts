import { configure } from '@testing-library/react';

// findBy… and waitFor wait up to 5 s, not 1 s: a lazily loaded panel's first render takes longer
// than a second when the machine runs the browser specs beside these tests.
configure({ asyncUtilTimeout: 5_000 });
