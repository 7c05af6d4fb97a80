// Installments (issue 14): the payment step's plans (inline and hosted), the plan on the order, the lander.
export { InstallmentsPayment } from './installments-payment';
export { InstallmentsSchedule } from './schedule';
export { PlanChoices } from './plans';
export { chosenInstallments } from './state';
export type { PaymentExtension, PaymentExtensionContext } from './types';
