/** Where the sandbox answers mock SRC calls (the SRC network entry's mock endpoint). */
export const MOCK_SRC_ENDPOINT = '/sandbox/mock-src/answer';

/** The tools that run on the mock SRC instead of the network's SDK. */
export const isMockTool = (tool: string): boolean => tool.startsWith('mock-tool');
