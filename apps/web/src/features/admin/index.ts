export { AdminControls } from './admin-controls';
export { selectIsAdmin, useAdmin } from './store';
