import { commonTexts } from '../texts/common';
import { errorsTexts } from '../texts/errors';
import { Button } from '../ui/button';
import { EmptyState } from '../ui/empty-state';
import { errorMessage } from './api';

export interface LoadErrorProps {
  /** What failed, e.g. 'No se pudieron cargar los clientes'. */
  title: string;
  error: unknown;
  onRetry: () => void;
  className?: string;
}

/** A query that failed: what failed, the server's message, and 'Reintentar'. */
export function LoadError({ title, error, onRetry, className }: LoadErrorProps) {
  return (
    <EmptyState
      className={className}
      title={title}
      description={errorMessage(error, errorsTexts.internal)}
      action={
        <Button variant="outline" onClick={onRetry}>
          {commonTexts.retry}
        </Button>
      }
    />
  );
}
