// Issue 40: the JavaScript a shopper's first page loads, gzip, at most this (the bench prints it
// per chunk: `npm run bench -- --only page-weight`).
export const FIRST_VISIT_JS_BUDGET_KB = 110;
