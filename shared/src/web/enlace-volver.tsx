import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button, type ButtonProps } from '../ui/button';
import { ArrowLeft } from '../ui/icons';

export interface EnlaceVolverProps {
  /** The list page to go back to, e.g. '/clientes'. */
  to: string;
  size?: ButtonProps['size'];
  children: ReactNode;
}

/** A detail page's '← Volver a …' link to its list. */
export function EnlaceVolver({ to, size, children }: EnlaceVolverProps) {
  return (
    <Button asChild variant="ghost" size={size} className="w-fit">
      <Link to={to}>
        <ArrowLeft aria-hidden />
        {children}
      </Link>
    </Button>
  );
}
