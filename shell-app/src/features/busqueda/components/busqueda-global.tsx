import { busquedaTexts as t } from '@cuota/shared/texts/busqueda';
import { Button, Search } from '@cuota/shared/ui';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@cuota/shared/ui/dialog';
import { ComboboxDeBusqueda, ESPERA_DE_BUSQUEDA_MS, estadoDeBusqueda, useDebouncedValue } from '@cuota/shared/web';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useBuscar } from '../api/buscar';
import { gruposDe, type OpcionConRuta } from '../lib/grupos';

/** The search a box or the dialog runs: its text, the settled query, its results and their state. */
function useBusquedaGlobal() {
  const [texto, setTexto] = useState('');
  const q = useDebouncedValue(texto.trim(), ESPERA_DE_BUSQUEDA_MS);
  const lectura = useBuscar(q);
  return { texto, setTexto, q, grupos: gruposDe(lectura.data), estado: estadoDeBusqueda(q, lectura) };
}

export interface BusquedaGlobalProps {
  dialogoAbierto: boolean;
  onDialogo: (abierto: boolean) => void;
}

/**
 * The staff's global search: a box in the admin header (a button on phones)
 * and the dialog Ctrl+K or Cmd+K opens anywhere in the panel. A result opens its record.
 */
export default function BusquedaGlobal({ dialogoAbierto, onDialogo }: BusquedaGlobalProps) {
  const navigate = useNavigate();
  const caja = useBusquedaGlobal();
  const dialogo = useBusquedaGlobal();
  const [cajaAbierta, setCajaAbierta] = useState(false);

  function abrirRegistro(opcion: OpcionConRuta) {
    setCajaAbierta(false);
    caja.setTexto('');
    dialogo.setTexto('');
    onDialogo(false);
    void navigate(opcion.ruta);
  }

  return (
    <>
      {/* from sm a box; from lg, where the navigation shares the row, it rests 40 px wide and widens over the navigation while in use */}
      <div className="relative hidden h-10 w-48 sm:block lg:w-10">
        <ComboboxDeBusqueda
          aria-label={t.etiqueta}
          placeholder={t.placeholderCorto}
          className="absolute top-0 right-0 z-10 w-full transition-[width] focus-within:w-72 motion-reduce:transition-none"
          variante="desplegable"
          valor={caja.texto}
          onValor={(v) => {
            caja.setTexto(v);
            setCajaAbierta(true);
          }}
          consulta={caja.q}
          grupos={caja.grupos}
          estado={caja.estado}
          abierto={cajaAbierta && caja.texto.trim().length > 0}
          onFocus={() => setCajaAbierta(true)}
          onBlur={() => setCajaAbierta(false)}
          onCerrar={() => setCajaAbierta(false)}
          onElegir={(o) => abrirRegistro(o as OpcionConRuta)}
        />
      </div>
      <Button variant="ghost" size="icon" className="sm:hidden" aria-label={t.abrir} onClick={() => onDialogo(true)}>
        <Search aria-hidden />
      </Button>
      <Dialog
        open={dialogoAbierto}
        onOpenChange={(abierto) => {
          onDialogo(abierto);
          if (!abierto) dialogo.setTexto('');
        }}
      >
        <DialogContent className="top-[10vh] translate-y-0 gap-2 sm:max-w-xl">
          <DialogHeader>
            <DialogTitle>{t.titulo}</DialogTitle>
            <DialogDescription>{t.descripcion}</DialogDescription>
          </DialogHeader>
          <ComboboxDeBusqueda
            aria-label={t.etiqueta}
            placeholder={t.placeholder}
            valor={dialogo.texto}
            onValor={dialogo.setTexto}
            consulta={dialogo.q}
            grupos={dialogo.grupos}
            estado={dialogo.estado}
            abierto={dialogo.texto.trim().length > 0}
            onElegir={(o) => abrirRegistro(o as OpcionConRuta)}
          />
        </DialogContent>
      </Dialog>
    </>
  );
}
