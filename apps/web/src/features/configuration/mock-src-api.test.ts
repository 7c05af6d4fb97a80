import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { uploadRefusal } from './mock-src-api';

const t = (key: string) => key;

describe('why a mock SRC upload was refused', () => {
  it('names a file too large by the 413', () => {
    expect(uploadRefusal(new ApiError(413, 'Payload Too Large'), t)).toBe('CONFIG_SCREEN.MOCK.TOO_LARGE');
  });

  it('lists the route’s problems, each with its field', () => {
    const body = {
      errors: [
        { field: 'name', message: 'bad name' },
        { field: 'content.init', message: 'not a function answer' },
      ],
    };
    expect(uploadRefusal(new ApiError(422, 'Invalid', {}, body), t)).toBe(
      'name: bad name; content.init: not a function answer',
    );
  });

  it('falls back to the failure’s message', () => {
    expect(uploadRefusal(new ApiError(409, 'The file exists'), t)).toBe('The file exists');
    expect(uploadRefusal(new TypeError('Failed to fetch'), t)).toBe('Failed to fetch');
  });
});
