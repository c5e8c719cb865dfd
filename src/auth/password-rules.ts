/** What is wrong with a new password and its repetition, if anything. */
export interface NewPasswordProblems {
  password?: 'required' | 'too-short';
  confirmation?: 'mismatch';
}

/** The browser's check before a new password goes to the server (which checks again). */
export function newPasswordProblems(password: string, confirmation: string, minLength: number): NewPasswordProblems {
  const problems: NewPasswordProblems = {};
  if (!password) problems.password = 'required';
  else if (password.length < minLength) problems.password = 'too-short';
  if (password && confirmation !== password) problems.confirmation = 'mismatch';
  return problems;
}
