// The scripted agent (issue 39): no model, no internet; the same module runs in the browser's agent
// panel and in the server's tests. Its keys are made at run time and kept in memory only.
export {
  createAgent,
  type Agent,
  type AgentCheckout,
  type AgentOptions,
  type AgentState,
  type MandateRequest,
} from './agent.ts';
export type { AgentCall } from './signed-call.ts';
export { AGENT_STEPS, type AgentLane, type AgentPurpose, type AgentRecord, type AgentStep } from './records.ts';
