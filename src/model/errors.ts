/** A problem with how the tool was called or with what it was pointed at: exit code 2, message shown as is. */
export class UsageError extends Error {
  override name = 'UsageError';

  /** `details`: lines shown under the message, one each (every mistake in a configuration file). */
  constructor(
    message: string,
    readonly details: readonly string[] = [],
  ) {
    super(message);
  }
}
