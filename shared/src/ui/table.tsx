import { useEffect, useRef, useState, type ComponentProps, type ReactNode, type RefObject } from 'react';
import { commonTexts } from '../texts/common';
import { cn } from './cn';
import { Skeleton } from './skeleton';

/** Whether the box is narrower than what it holds (a wide table on a phone), kept up to date as either resizes. */
function useDesborda(caja: RefObject<HTMLElement | null>): boolean {
  const [desborda, setDesborda] = useState(false);
  useEffect(() => {
    const el = caja.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const medir = () => setDesborda(el.scrollWidth > el.clientWidth);
    const observador = new ResizeObserver(medir);
    observador.observe(el);
    if (el.firstElementChild) observador.observe(el.firstElementChild);
    medir();
    return () => observador.disconnect();
  }, [caja]);
  return desborda;
}

/**
 * A table that never widens the page: when its columns do not fit (a phone), it scrolls sideways
 * inside its own box, and that box is then a named region the keyboard can reach and scroll.
 * Name it with `aria-label` or `aria-labelledby` (given to the table and to that box).
 */
export function Table({ className, ...props }: ComponentProps<'table'>) {
  const caja = useRef<HTMLDivElement>(null);
  const desborda = useDesborda(caja);
  const nombre = props['aria-labelledby']
    ? { 'aria-labelledby': props['aria-labelledby'] }
    : { 'aria-label': props['aria-label'] ?? commonTexts.tabla };
  const region = desborda ? { role: 'region', tabIndex: 0, ...nombre } : {};
  return (
    <div
      ref={caja}
      className="relative w-full overflow-x-auto rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
      {...region}
    >
      <table className={cn('w-full caption-bottom text-sm', className)} {...props} />
    </div>
  );
}

export function TableHeader({ className, ...props }: ComponentProps<'thead'>) {
  return <thead className={cn('[&_tr]:border-b', className)} {...props} />;
}

export function TableBody({ className, ...props }: ComponentProps<'tbody'>) {
  return <tbody className={cn('[&_tr:last-child]:border-0', className)} {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return <tr className={cn('border-b border-border transition-colors hover:bg-muted/50', className)} {...props} />;
}

export function TableHead({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      scope="col"
      className={cn(
        'h-10 px-3 text-left align-middle text-xs font-medium tracking-wide whitespace-nowrap text-muted-foreground uppercase',
        className,
      )}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: ComponentProps<'td'>) {
  return <td className={cn('px-3 py-3 align-middle', className)} {...props} />;
}

/** A table with one header row: `encabezado` holds its TableHead cells, `children` the body's rows. */
export function TablaConEncabezado({ encabezado, children, ...props }: ComponentProps<'table'> & { encabezado: ReactNode }) {
  return (
    <Table {...props}>
      <TableHeader>
        <TableRow>{encabezado}</TableRow>
      </TableHeader>
      <TableBody>{children}</TableBody>
    </Table>
  );
}

export function TableCaption({ className, ...props }: ComponentProps<'caption'>) {
  return <caption className={cn('mt-4 text-sm text-muted-foreground', className)} {...props} />;
}

/** Placeholder rows while a table page loads, sized like the real rows so nothing jumps. */
export function TableSkeletonRows({
  rows = 5,
  columns,
  cellClassName = 'max-w-40',
}: {
  rows?: number;
  columns: number;
  cellClassName?: string;
}) {
  return Array.from({ length: rows }, (_, i) => (
    <TableRow key={i}>
      {Array.from({ length: columns }, (_, j) => (
        <TableCell key={j}>
          <Skeleton className={cn('h-5 w-full', cellClassName)} />
        </TableCell>
      ))}
    </TableRow>
  ));
}
