import { Card, CardContent, cn, type LucideIcon } from '@cuota/shared/ui';

export interface Cifra {
  label: string;
  value: string;
  hint: string;
  icon: LucideIcon;
  /** The icon's background and colour classes. */
  tone: string;
  /** Draws the card's border in the warning tone: something needs attention. */
  destacar?: boolean;
}

/**
 * A page's key figure: its label, the figure, a line under it and an icon. `compacta` is for pages
 * that show two cards a row on a phone: a smaller figure, narrower padding and no icon there.
 */
export function TarjetaDeCifra({ cifra, compacta = false }: { cifra: Cifra; compacta?: boolean }) {
  const { label, value, hint, icon: Icon, tone, destacar } = cifra;
  return (
    <Card className={cn(compacta && 'h-full', destacar && 'border-warning/60')}>
      <CardContent
        className={
          compacta
            ? 'flex items-start justify-between gap-3 px-3.5 pt-4 pb-4 sm:px-6 sm:pt-6 sm:pb-6'
            : 'flex items-start justify-between gap-3 pt-5 sm:pt-6'
        }
      >
        <div className="grid min-w-0 gap-1">
          <p className="text-sm text-muted-foreground">{label}</p>
          <p className={compacta ? 'text-xl font-bold break-words tabular-nums sm:text-2xl' : 'text-2xl font-bold tabular-nums'}>
            {value}
          </p>
          <p className="text-xs text-muted-foreground">{hint}</p>
        </div>
        <span className={cn(compacta ? 'hidden rounded-lg p-2 sm:inline-flex' : 'rounded-lg p-2', tone)} aria-hidden>
          <Icon className="size-5" />
        </span>
      </CardContent>
    </Card>
  );
}
