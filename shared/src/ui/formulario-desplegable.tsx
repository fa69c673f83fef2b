import { useId, useState, type ReactNode } from 'react';
import { Button } from './button';
import { Card, CardContent, CardHeader, CardTitle } from './card';
import { Plus, X } from './icons';

/** A form a list page opens in place ('Nuevo …' / 'Cancelar'). */
export interface Desplegable {
  id: string;
  abierto: boolean;
  alternar: () => void;
  cerrar: () => void;
}

export function useDesplegable(abiertoAlInicio = false): Desplegable {
  const id = useId();
  const [abierto, setAbierto] = useState(abiertoAlInicio);
  return { id, abierto, alternar: () => setAbierto((open) => !open), cerrar: () => setAbierto(false) };
}

export interface BotonDesplegarProps {
  desplegable: Desplegable;
  /** The label while closed ('Nuevo Cliente') and while open ('Cancelar'). */
  abrir: string;
  cerrar: string;
}

/** Opens and closes the form; `aria-expanded` and `aria-controls` tie it to the form's card. */
export function BotonDesplegar({ desplegable, abrir, cerrar }: BotonDesplegarProps) {
  const { id, abierto, alternar } = desplegable;
  return (
    <Button variant={abierto ? 'outline' : 'default'} aria-expanded={abierto} aria-controls={id} onClick={alternar}>
      {abierto ? <X aria-hidden /> : <Plus aria-hidden />}
      {abierto ? cerrar : abrir}
    </Button>
  );
}

export interface TarjetaDesplegableProps {
  desplegable: Desplegable;
  titulo: string;
  children: ReactNode;
}

/** The opened form, in a card with its title; nothing while closed. */
export function TarjetaDesplegable({ desplegable, titulo, children }: TarjetaDesplegableProps) {
  if (!desplegable.abierto) return null;
  return (
    <Card id={desplegable.id}>
      <CardHeader>
        <CardTitle>{titulo}</CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
