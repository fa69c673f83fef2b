import { TEXTS } from '@cuota/shared';
import { Card, CardContent, Construction, EmptyState } from '@cuota/shared/ui';

/** An honest placeholder for the screens later issues build. */
export function UnderConstruction({ title }: { title: string }) {
  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      <Card>
        <CardContent className="pt-5 sm:pt-6">
          <EmptyState icon={<Construction />} title={TEXTS.construction.title} description={TEXTS.construction.text} />
        </CardContent>
      </Card>
    </div>
  );
}
