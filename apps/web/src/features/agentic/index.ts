// The agentic checkout's shared displays (issue 39): the agent panel that runs the scripted agent,
// its calls (each party's checks, the credentials decoded), the three lanes. The live tool and the
// component pages are routes (routes.tsx); these are what the guided tour and the API log reuse.
// Each display imports agentic.css itself: an import of this barrel's own is skipped where only its
// re-exports are used (the web app is free of side effects but its CSS, package.json).

export { AgentRun, useAgentRun, type AgentRunOptions, type AgentRunSnapshot, type StoryProgress } from './agent-run';
export { callName, checksOf, referenceUrl, type AgentCall, type PartyCheck } from './agent-call';
export { agentCallOf } from './record-to-call';
export { decodeCredentials, type DecodedCredential, type HashCheck, type CredentialLayer } from './credential-decoder';
export { AgentPanel, type AgentPanelStep } from './agent-panel';
export { AgentCallCard, AgentCallParts, laneLabel, outcomeLabel } from './agent-call-view';
export { AgentLanes } from './agent-lanes';
export { CheckList, checkName, layerName, refusalText } from './check-list';
export { CredentialView } from './credential-view';
export { agentCallOfEntry, logAgentCall } from './agent-log';
