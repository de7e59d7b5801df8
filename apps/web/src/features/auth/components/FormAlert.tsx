import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';

type FormAlertProps = { children: ReactNode; tone?: 'error' | 'notice'; testId?: string };

/** A message about the last attempt, announced to screen readers (role="alert"). */
export function FormAlert({ children, tone = 'error', testId }: FormAlertProps) {
  return (
    <Alert
      role="alert"
      variant="light"
      color={tone === 'error' ? 'red' : 'orange'}
      radius="md"
      data-testid={testId}
    >
      {children}
    </Alert>
  );
}
