/** The spec's phone length (§9). */
export const PHONE_LENGTH = 11;

/**
 * The phone check helper (docs/spec.md §5): not empty, exactly 11 characters, then a mainland mobile number. Answers the
 * catalogue key of the problem, or undefined when the number is fine.
 */
export function phoneProblem(value: string): string | undefined {
  const phone = value.trim();
  if (!phone) return 'info.phoneEmpty';
  if (phone.length !== PHONE_LENGTH) return 'info.phoneLength';
  if (!/^1[3-9]\d{9}$/.test(phone)) return 'info.phoneFormat';
  return undefined;
}
