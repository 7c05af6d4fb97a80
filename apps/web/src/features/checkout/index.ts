// The checkout's parts other features reuse (its pages are routes).
export { CardForm, type EnteredCard } from './card-form';
export { PaymentAuthenticationDetails } from './payment-authentication';
export { AgentOrderDetails } from './agent-order';
export { DcfFrame, useDcfWindow, type NetworkWindow } from './click-to-pay/dcf-window';
