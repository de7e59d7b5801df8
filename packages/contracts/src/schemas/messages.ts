import { z } from 'zod';

type RawIssue = z.core.$ZodRawIssue;

const unit = (origin: string, n: number | bigint) => {
  if (origin === 'string') return n === 1 ? ' character' : ' characters';
  if (origin === 'array' || origin === 'set') return n === 1 ? ' item' : ' items';
  return '';
};

const TYPE_NAMES: Record<string, string> = {
  int: 'a whole number',
  number: 'a number',
  string: 'text',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
};

/**
 * Plain messages for zod's built-in checks, so every refusal says what is wrong ('must be at
 * most 60 characters', 'must be a whole number', 'Required' only when the value is missing).
 * A message written on a check or a schema still wins; anything else keeps zod's own text.
 */
export function issueMessage(issue: RawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'Required';
      return `must be ${TYPE_NAMES[issue.expected] ?? issue.expected}`;
    case 'too_big': {
      const n = issue.maximum;
      return `must be ${issue.inclusive === false ? 'less than' : 'at most'} ${n}${unit(issue.origin, n)}`;
    }
    case 'too_small': {
      const n = issue.minimum;
      if (issue.origin === 'string' && n === 1 && issue.inclusive !== false) {
        return 'must not be empty';
      }
      return `must be ${issue.inclusive === false ? 'more than' : 'at least'} ${n}${unit(issue.origin, n)}`;
    }
    default:
      return undefined;
  }
}

// One error customisation for every consumer of the contracts (server, socket, web forms).
// The only side effect in the package: package.json lists this file under "sideEffects", so
// bundlers keep it and drop every module whose exports go unused (the web app's first load).
z.config({ customError: issueMessage });
