import { z } from 'zod';
import { MOCK_SRC_NAME_PATTERN } from '../mock-src/schema.ts';
import { errors } from './contract.ts';
import { areaRoutes } from './merchant-routes.ts';

const route = areaRoutes('Mock SRC files');

export const mockSrcFileSummarySchema = z.object({
  name: z.string(),
  size: z.number().int().describe('Bytes of the stored (compact) JSON'),
  updatedAt: z.string(),
  builtIn: z.boolean(),
});
export type MockSrcFileSummary = z.output<typeof mockSrcFileSummarySchema>;

/** A mock SRC file: per SDK method, what it resolves or rejects with (GET /api/mock-src-files/schema). */
const mockSrcContentSchema = z.record(z.string(), z.unknown());
const nameSchema = z.string().regex(MOCK_SRC_NAME_PATTERN).describe('e.g. my-flow.json');

/**
 * The upload, documented here; its checks stay the route's own, which answer each problem as
 * `errors: [{ field, message }]` (the configuration screen's contract) and 413 for a large file.
 */
export const mockSrcUploadSchema = z.object({
  name: nameSchema,
  content: z.union([z.string().describe('The file as text'), mockSrcContentSchema]),
});

export const mockSrcNamedFileSchema = z.object({ name: z.string(), content: mockSrcContentSchema });

export const mockSrcApi = {
  list: route.anyone('GET', '/api/mock-src-files', {
    summary: 'The mock SRC files of the guided tour',
    response: { 200: z.object({ files: z.array(mockSrcFileSummarySchema) }) },
  }),
  jsonSchema: route.anyone('GET', '/api/mock-src-files/schema', {
    summary: 'The JSON Schema a mock SRC file follows (application/schema+json)',
    response: { 200: z.record(z.string(), z.unknown()) },
  }),
  one: route.anyone('GET', '/api/mock-src-files/:name', {
    summary: 'One mock SRC file',
    params: z.object({ name: z.string() }),
    response: { 200: mockSrcNamedFileSchema, ...errors(404) },
  }),
  upload: route.admin('POST', '/api/mock-src-files', {
    summary: 'Upload a mock SRC file (admin; 32 KB at most)',
    body: mockSrcUploadSchema,
    response: { 201: mockSrcNamedFileSchema, ...errors(409, 413, 422, 429) },
  }),
  remove: route.admin('DELETE', '/api/mock-src-files/:name', {
    summary: 'Delete an uploaded mock SRC file (admin; built-in files stay)',
    params: z.object({ name: z.string() }),
    response: { 204: z.null().describe('Deleted'), ...errors(404, 409, 429) },
  }),
};
