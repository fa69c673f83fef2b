import { Card, CardContent } from '@cuota/shared/ui';
import type { ReactNode } from 'react';

/** A small card with one labelled figure (an amount, a rate, a term). */
export function TarjetaDeDato({ label, testId, children }: { label: ReactNode; testId?: string; children: ReactNode }) {
  return (
    <Card>
      <CardContent className="grid gap-1 pt-5 sm:pt-6">
        <span className="text-xs text-muted-foreground">{label}</span>
        <span className="text-lg font-semibold tabular-nums" data-testid={testId}>
          {children}
        </span>
      </CardContent>
    </Card>
  );
}
