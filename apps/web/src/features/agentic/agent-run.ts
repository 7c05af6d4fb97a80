import { useSyncExternalStore } from 'react';
import { createAgent, type Agent, type AgentOptions, type AgentRecord } from '@c2p/agentic/agent';
import type { AgentCall } from './agent-call';
import { agentCallOf } from './record-to-call';

/** What a display of the run reads: the agent's memory (public parts) and its calls, oldest first. */
export interface AgentRunSnapshot {
  readonly state: Agent['state'];
  readonly calls: readonly AgentCall[];
  /** True while a step is under way. */
  readonly busy: boolean;
}

/** How far a story of the agent has come: the card linked, the mandate approved, the payment released, the agent revoked. */
export interface StoryProgress {
  readonly enrolled: boolean;
  readonly approved: boolean;
  readonly released: boolean;
  readonly revoked: boolean;
}

export interface AgentRunOptions extends AgentOptions {
  /** Each call once it is ready to show (the live tool puts it in the API log). */
  onCall?(call: AgentCall): void;
}

/**
 * The scripted agent (`@c2p/agentic/agent`) and what it did, for the displays to follow step by
 * step. Kept in memory only: the agent's keys never leave it, and a reload starts a new agent.
 */
export class AgentRun {
  readonly agent: Agent;
  private snapshot: AgentRunSnapshot;
  private readonly listeners = new Set<() => void>();
  private readonly onCall?: (call: AgentCall) => void;

  constructor({ onCall, ...options }: AgentRunOptions) {
    this.agent = createAgent(options);
    this.onCall = onCall;
    this.snapshot = { state: this.agent.state, calls: [], busy: false };
  }

  /** Runs one step of the agent (`agent.buildCart(...)`…) and shows its record; answers the record. */
  async step(run: (agent: Agent) => Promise<AgentRecord>): Promise<AgentRecord> {
    this.update({ busy: true });
    try {
      const record = await run(this.agent);
      const call = await agentCallOf(record);
      this.update({ calls: [...this.snapshot.calls, call] });
      this.onCall?.(call);
      return record;
    } finally {
      this.update({ busy: false });
    }
  }

  getSnapshot = (): AgentRunSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private update(changes: Partial<AgentRunSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...changes, state: this.agent.state };
    this.listeners.forEach((listener) => listener());
  }
}

/** The run's snapshot, re-rendering on each step. */
export function useAgentRun(run: AgentRun): AgentRunSnapshot {
  return useSyncExternalStore(run.subscribe, run.getSnapshot, run.getSnapshot);
}
