/** An SDK-facing failure: the SDK rejects with `{ reason, message }`. */
export class SdkError extends Error {
  constructor(
    readonly statusCode: number,
    readonly reason: string,
    message: string,
  ) {
    super(message);
  }
}

/** A network API failure, answered in the network's error body (reference section 9.2). */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly reason: string,
    message: string,
    readonly detail: { reason: string; source?: string; sourceType?: 'BODY' | 'HEADER' | 'QUERY' | 'PATH' }[] = [],
  ) {
    super(message);
  }

  toBody() {
    return {
      status: this.statusCode,
      reason: this.reason,
      message: this.message,
      errordetail: this.detail.map((d) => ({ ...d, message: this.message })),
    };
  }
}

export const invalidArgument = (field: string, message: string, sourceType: 'BODY' | 'HEADER' | 'PATH' = 'BODY') =>
  new ApiError(400, 'INVALID_ARGUMENT', message, [{ reason: 'INVALID_FORMAT', source: field, sourceType }]);
