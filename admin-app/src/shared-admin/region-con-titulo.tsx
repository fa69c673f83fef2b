import { Card, CardContent, CardHeader, CardTitle } from '@cuota/shared/ui';
import { useId, type ReactNode } from 'react';

/** A card that is a named region of its page: the card's title names it (`aria-labelledby`). */
export function RegionConTitulo({ titulo, children }: { titulo: ReactNode; children?: ReactNode }) {
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader className="pb-3">
        <CardTitle id={titleId} className="text-base">
          {titulo}
        </CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
