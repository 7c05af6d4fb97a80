export const TOOLS = ['live-tool', 'mock-tool', 'mock-tool-installments', 'mock-tool-cof', 'live-tool-cof'] as const;
export type Tool = (typeof TOOLS)[number];
export const DEFAULT_TOOL: Tool = 'live-tool';

export function parseTool(value: string | null | undefined): Tool {
  return (TOOLS as readonly string[]).includes(value ?? '') ? (value as Tool) : DEFAULT_TOOL;
}

/** Where the error layout's home link goes: the live tools' home, or the active tour's lander. */
export function homePathForTool(tool: Tool): string {
  switch (tool) {
    case 'live-tool':
    case 'live-tool-cof':
      return '/home';
    case 'mock-tool-installments':
      return '/demo/guided-tour/installments';
    default:
      return '/demo/guided-tour';
  }
}

/** Spec section 4: only the live card-on-file tool requires shopper sign-in. */
export function isSignInRequired(tool: Tool): boolean {
  return tool === 'live-tool-cof';
}
