import { Card, CardContent } from './card';
import { EmptyState, type EmptyStateProps } from './empty-state';

export interface TarjetaVaciaProps extends EmptyStateProps {
  /** The card content's top padding (a tab's card is a little tighter on a phone). */
  relleno?: string;
}

/** An empty state on a card of its own: a list, tab or page with nothing to show. */
export function TarjetaVacia({ relleno = 'pt-6', ...estado }: TarjetaVaciaProps) {
  return (
    <Card>
      <CardContent className={relleno}>
        <EmptyState {...estado} />
      </CardContent>
    </Card>
  );
}
