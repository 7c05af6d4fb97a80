// The agentic windows' strings (issue 39: enrolling an agent, approving its mandate, managing one's
// agents), in the sandbox's three locales (strings/*.json, `ours` being what the sandbox invented,
// said in each agentic window), beside the DCF's own (../i18n.ts), whose message form they share.
import { messageOf, type DcfLocale } from '../i18n.ts';
import ar from './strings/ar_EG.json' with { type: 'json' };
import en from './strings/en_US.json' with { type: 'json' };
import fr from './strings/fr_FR.json' with { type: 'json' };

/** The messages that name the agent, as {0}. */
const AGENT_MESSAGES = ['enrolTitle', 'enrolConsent', 'enrolled', 'asksToPay', 'asksToBuy', 'revoke'] as const;
type AgentMessage = (typeof AGENT_MESSAGES)[number];

export type AgenticStrings = Omit<typeof en, AgentMessage | 'line'> &
  Record<AgentMessage, (agent: string) => string> & {
    /** An item's line: its quantity ({0}) and title ({1}). */
    line: (quantity: number, title: string) => string;
  };

/** A locale's strings: every locale's catalogue has the words of en_US's. */
function stringsOf(catalogue: typeof en): AgenticStrings {
  const messages = AGENT_MESSAGES.map((key) => [key, messageOf(catalogue, key)]);
  return {
    ...catalogue,
    ...(Object.fromEntries(messages) as Record<AgentMessage, (agent: string) => string>),
    line: (quantity, title) => messageOf(catalogue, 'line')(String(quantity), title),
  };
}

export const AGENTIC_STRINGS: Record<DcfLocale, AgenticStrings> = {
  en_US: stringsOf(en),
  fr_FR: stringsOf(fr),
  ar_EG: stringsOf(ar),
};
