/** A rule about users that the person can act on; its message is shown as is. */
export class UserRuleError extends Error {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = "UserRuleError";
  }
}
