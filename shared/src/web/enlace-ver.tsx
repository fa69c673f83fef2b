import { Link } from 'react-router-dom';
import { Button } from '../ui/button';
import { Eye } from '../ui/icons';

export interface EnlaceVerProps {
  /** The detail page, e.g. `/clientes/${id}`. */
  to: string;
  /** The visible text ('Ver perfil'). */
  texto: string;
  /** The accessible name when the row needs it named, e.g. 'Ver perfil: Ana Mora'. */
  etiqueta?: string;
}

/** A table row's link to its detail page (an outlined small button with the eye icon). */
export function EnlaceVer({ to, texto, etiqueta }: EnlaceVerProps) {
  return (
    <Button asChild variant="outline" size="sm">
      <Link to={to} aria-label={etiqueta}>
        <Eye aria-hidden />
        {texto}
      </Link>
    </Button>
  );
}
