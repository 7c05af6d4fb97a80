export { ApiLogButton } from './api-log-button';
export { apiLog, useApiLog, type ApiLogEntry, type ApiLogTransaction } from './log-store';
export { findReplayed } from './find-replayed';
export { maskNotesOf } from './mask-notes';
