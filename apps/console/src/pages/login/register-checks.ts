/** The registration form (docs/spec.md §3 "Registration form"). */
export interface RegisterForm {
  tenantId: string;
  name: string;
  account: string;
  password: string;
  password2: string;
}

/** Catalogue keys of the four registration checks, in the spec's order (§5). */
export const REGISTER_CHECKS = [
  { key: 'register.tenantRequired', fails: (f: RegisterForm) => !f.tenantId.trim() },
  { key: 'register.accountRequired', fails: (f: RegisterForm) => !f.account.trim() },
  { key: 'register.passwordRequired', fails: (f: RegisterForm) => !f.password || !f.password2 },
  { key: 'register.mismatch', fails: (f: RegisterForm) => f.password !== f.password2 },
] as const;

/**
 * Runs the checks in order and answers the catalogue key of the first failing one (each check shows a warning and
 * stops), or undefined when the form may be submitted. The name is not checked (as upstream).
 */
export function firstRegisterProblem(form: RegisterForm): string | undefined {
  return REGISTER_CHECKS.find((check) => check.fails(form))?.key;
}
