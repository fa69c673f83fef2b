import type { ComponentProps, ReactNode } from 'react';
import { cn } from './cn';
import { Skeleton } from './skeleton';

export function Table({ className, ...props }: ComponentProps<'table'>) {
  return (
    <div className="relative w-full overflow-x-auto">
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
