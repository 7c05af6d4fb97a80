import { AgentTour } from './agent-tour';

// The agent tour's pages (issue 39), a chunk of their own: the agentic library loads on them only.

/** /demo/guided-tour/agent/steps: "Let an agent buy for me", the shopper approving the agent's cart. */
export function AgentTourSteps() {
  return <AgentTour experience={1} />;
}

/** /demo/guided-tour/agent/autonomous/steps: the agent buying alone within an open mandate. */
export function AgentAutonomousSteps() {
  return <AgentTour experience={2} />;
}
