import { Search } from 'lucide-react';
import { useEffect, useId, useMemo, useState, type KeyboardEvent, type ComponentProps } from 'react';
import { LARGO_MAXIMO_BUSQUEDA } from '../schemas/common';
import { busquedaTexts as t } from '../texts/busqueda';
import { cn } from '../ui/cn';
import { inputClasses } from '../ui/input';

/** One result: what the list shows of it. */
export interface OpcionDeBusqueda {
  id: string;
  texto: string;
  detalle?: string;
}

/** Results of one kind, under their heading. */
export interface GrupoDeOpciones {
  id: string;
  etiqueta: string;
  opciones: OpcionDeBusqueda[];
}

/** 'corto': fewer characters than the search needs; the rest as the query is. */
export type EstadoDeBusqueda = 'corto' | 'cargando' | 'error' | 'listo';

export interface ComboboxDeBusquedaProps extends Omit<
  ComponentProps<'input'>,
  'value' | 'onChange' | 'role' | 'type' | 'onSelect'
> {
  valor: string;
  onValor: (valor: string) => void;
  grupos: GrupoDeOpciones[];
  estado: EstadoDeBusqueda;
  /** The text the results are for (the message when there are none names it). */
  consulta: string;
  /** Whether the results panel shows (the dialog keeps it open; a box opens it while focused). */
  abierto: boolean;
  onElegir: (opcion: OpcionDeBusqueda, grupo: GrupoDeOpciones) => void;
  /** Escape in a box closes its panel (a dialog closes itself). */
  onCerrar?: () => void;
  /** 'dialogo': the panel below the box in the flow; 'desplegable': floating under the box. */
  variante?: 'dialogo' | 'desplegable';
  /** Classes of the wrapper. */
  className?: string;
}

/**
 * A search box with its results (WAI-ARIA combobox with a grouped listbox): the focus stays in
 * the box, ↑ and ↓ move the active result, Enter opens it (the first when none is active). Used by
 * the global search (the Ctrl+K dialog and the admin header box) and by the client picker.
 */
export function ComboboxDeBusqueda({
  valor,
  onValor,
  grupos,
  estado,
  consulta,
  abierto,
  onElegir,
  onCerrar,
  variante = 'dialogo',
  className,
  onKeyDown,
  ...input
}: ComboboxDeBusquedaProps) {
  const base = useId();
  const listaId = `${base}-lista`;
  const visibles = useMemo(() => grupos.filter((g) => g.opciones.length > 0), [grupos]);
  const planas = useMemo(() => visibles.flatMap((g) => g.opciones.map((o) => ({ o, g }))), [visibles]);
  const firma = planas.map(({ o, g }) => `${g.id}:${o.id}`).join('|');
  // the active result belongs to the results it was chosen in: new results start at the first
  const [eleccion, setEleccion] = useState({ firma, indice: 0 });
  const activo = eleccion.firma === firma ? eleccion.indice : 0;
  const setActivo = (indice: number) => setEleccion({ firma, indice });
  const idDe = (g: GrupoDeOpciones, o: OpcionDeBusqueda) => `${base}-${g.id}-${o.id}`;
  const conLista = abierto && planas.length > 0;
  const actual = conLista ? planas[Math.min(activo, planas.length - 1)] : undefined;

  function teclas(event: KeyboardEvent<HTMLInputElement>) {
    onKeyDown?.(event);
    if (event.defaultPrevented) return;
    if (event.key === 'Escape' && onCerrar && abierto) {
      event.preventDefault();
      onCerrar();
      return;
    }
    if (!conLista) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const paso = event.key === 'ArrowDown' ? 1 : -1;
      setActivo((activo + paso + planas.length) % planas.length);
    } else if (event.key === 'Enter' && actual) {
      event.preventDefault();
      onElegir(actual.o, actual.g);
    }
  }

  useEffect(() => {
    if (actual) document.getElementById(idDe(actual.g, actual.o))?.scrollIntoView?.({ block: 'nearest' });
  });

  const mensaje =
    estado === 'corto'
      ? t.escriba
      : estado === 'error'
        ? t.error
        : planas.length > 0
          ? null
          : estado === 'cargando'
            ? t.cargando
            : t.vacio(consulta);

  return (
    <div className={cn('relative', className)}>
      <div className="relative">
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <input
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          maxLength={LARGO_MAXIMO_BUSQUEDA}
          aria-autocomplete="list"
          aria-expanded={conLista}
          aria-controls={conLista ? listaId : undefined}
          aria-activedescendant={actual ? idDe(actual.g, actual.o) : undefined}
          aria-busy={estado === 'cargando'}
          className={cn(inputClasses, 'pl-9')}
          value={valor}
          onChange={(event) => onValor(event.target.value)}
          onKeyDown={teclas}
          {...input}
        />
      </div>
      {abierto ? (
        <div
          className={cn(
            'overflow-y-auto text-sm',
            variante === 'desplegable'
              ? 'absolute top-full right-0 left-0 z-50 mt-1 max-h-[70vh] min-w-72 rounded-md border border-border bg-card p-1 shadow-lg'
              : 'mt-3 max-h-[min(60vh,28rem)]',
          )}
        >
          {mensaje ? <p className="px-3 py-2 text-muted-foreground">{mensaje}</p> : null}
          {conLista ? (
            <div role="listbox" id={listaId} aria-label={t.etiqueta}>
              {visibles.map((g) => (
                <div key={g.id} role="group" aria-labelledby={`${base}-${g.id}`} className="py-1">
                  <div id={`${base}-${g.id}`} className="px-3 py-1 text-xs font-semibold text-muted-foreground uppercase">
                    {g.etiqueta}
                  </div>
                  {g.opciones.map((o) => {
                    const id = idDe(g, o);
                    const esActivo = actual !== undefined && id === idDe(actual.g, actual.o);
                    return (
                      // the keys are the box's (aria-activedescendant): an option is never focused itself
                      // eslint-disable-next-line jsx-a11y/click-events-have-key-events
                      <div
                        key={o.id}
                        id={id}
                        role="option"
                        tabIndex={-1}
                        aria-selected={esActivo}
                        // the focus stays in the box: a click must not blur it before it counts
                        onMouseDown={(event) => event.preventDefault()}
                        onMouseMove={() => setActivo(planas.findIndex((p) => idDe(p.g, p.o) === id))}
                        onClick={() => onElegir(o, g)}
                        className={cn('flex cursor-pointer flex-col rounded-sm px-3 py-2', esActivo && 'bg-muted')}
                      >
                        <span className="font-medium text-foreground">{o.texto}</span>
                        {o.detalle ? <span className="text-xs text-muted-foreground">{o.detalle}</span> : null}
                      </div>
                    );
                  })}
                </div>
              ))}
            </div>
          ) : null}
        </div>
      ) : null}
      <span className="sr-only" aria-live="polite">
        {abierto && estado === 'listo' ? t.resultados(planas.length) : ''}
      </span>
    </div>
  );
}
