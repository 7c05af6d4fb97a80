import { parseTool, STORAGE_KEYS, type Tool } from '@c2p/domain';
import { local } from './storage';

/** The active tool (spec section 3) lives in local storage so that every tab and reload agrees. */
export function activeTool(): Tool {
  return parseTool(local.get(STORAGE_KEYS.activatedTool));
}

export function activateTool(tool: Tool): void {
  local.set(STORAGE_KEYS.activatedTool, tool);
}
