import { Skeleton } from './skeleton';

/**
 * What a list of cards or a form shows while it loads: `cantidad` full-width placeholder blocks,
 * one under another, each `alto` high (a height class such as 'h-32').
 */
export function BloquesCargando({ cantidad, alto }: { cantidad: number; alto: string }) {
  return (
    <div className="grid gap-4" aria-busy>
      {Array.from({ length: cantidad }, (_, i) => (
        <Skeleton key={i} className={`${alto} w-full`} />
      ))}
    </div>
  );
}
