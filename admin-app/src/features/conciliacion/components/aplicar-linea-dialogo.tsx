import { formatDate } from '@cuota/shared/format';
import { formatCRC } from '@cuota/shared/montos';
import type { AplicarLinea, LineaExtracto } from '@cuota/shared/schemas/extractos';
import { errorsTexts } from '@cuota/shared/texts/errors';
import { extractosTexts } from '@cuota/shared/texts/extractos';
import { pagoVentanillaTexts } from '@cuota/shared/texts/pagoVentanilla';
import { Button, CampoSelect, CampoTexto, toast } from '@cuota/shared/ui';
import { DialogoConfirmacion } from '@cuota/shared/ui/dialogo-confirmacion';
import { ApiError, errorMessage, useDebouncedValue } from '@cuota/shared/web';
import { useState } from 'react';
import { useBuscarCreditos } from '../api/extractos';

const t = extractosTexts;

/** An unmatched deposit applied as a counter payment: the staff member picks the credit (search) and the channel. */
export function AplicarLineaDialogo({
  linea,
  onCerrar,
  aplicar,
}: {
  linea: LineaExtracto | null;
  onCerrar: () => void;
  aplicar: (datos: AplicarLinea) => Promise<void>;
}) {
  const [busqueda, setBusqueda] = useState('');
  const [creditoId, setCreditoId] = useState<string | null>(null);
  const [canal, setCanal] = useState<AplicarLinea['canal']>('transferencia');
  const [enviando, setEnviando] = useState(false);
  /** A pending reported payment looks like the line (409 POSIBLE_DUPLICADO): its message, until the user insists. */
  const [duplicado, setDuplicado] = useState<string | null>(null);
  const q = useDebouncedValue(busqueda.trim(), 250);
  const creditos = useBuscarCreditos(q);

  function cerrar() {
    setBusqueda('');
    setCreditoId(null);
    setDuplicado(null);
    onCerrar();
  }

  async function confirmar() {
    if (!creditoId) return;
    setEnviando(true);
    try {
      await aplicar({ credito_id: creditoId, canal, ...(duplicado ? { forzar: true } : {}) });
      setBusqueda('');
      setCreditoId(null);
      setDuplicado(null);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'POSIBLE_DUPLICADO') setDuplicado(error.message);
      else toast.error(t.errorAplicar, errorMessage(error, errorsTexts.internal));
    } finally {
      setEnviando(false);
    }
  }

  return (
    <DialogoConfirmacion
      open={linea !== null}
      onOpenChange={(open) => (open || enviando ? undefined : cerrar())}
      titulo={linea ? t.aplicarTitulo(linea.n) : ''}
      descripcion={
        <>
          {t.aplicarTexto}
          {linea ? (
            <span className="mt-2 block font-medium break-words text-foreground">
              {formatDate(linea.fecha)} · {formatCRC(linea.credito_centimos)} · {linea.referencia ?? linea.descripcion}
            </span>
          ) : null}
        </>
      }
      cancelar={t.cerrar}
      cancelarDeshabilitado={enviando}
      confirmar={
        <Button disabled={!creditoId || enviando} onClick={() => void confirmar()}>
          {enviando ? t.aplicando : duplicado ? t.aplicarDeTodosModos : t.aplicarComoPago}
        </Button>
      }
    >
      <div className="grid gap-3">
        {duplicado ? (
          <div role="alert" className="rounded-md border border-warning bg-warning/10 p-3 text-sm break-words text-foreground">
            <p className="font-medium">{t.posibleDuplicadoTitulo}</p>
            <p>{duplicado}</p>
          </div>
        ) : null}
        <CampoTexto label={t.buscarCredito} type="search" value={busqueda} onChange={(e) => setBusqueda(e.target.value)} />
        {q.length >= 2 && creditos.data ? (
          creditos.data.items.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t.sinCreditos}</p>
          ) : (
            <ul className="grid max-h-48 gap-1 overflow-auto" aria-label={t.buscarCredito}>
              {creditos.data.items.map((c) => {
                const nombre = `${c.cliente_nombre ?? ''} ${c.cliente_apellido ?? ''}`.trim();
                return (
                  <li key={c.id}>
                    <label className="flex cursor-pointer items-center gap-2 rounded-md border p-2 text-sm">
                      <input type="radio" name="credito" checked={creditoId === c.id} onChange={() => setCreditoId(c.id)} />
                      <span className="min-w-0 break-words">{t.creditoElegido(c.numero_credito, nombre)}</span>
                    </label>
                  </li>
                );
              })}
            </ul>
          )
        ) : null}
        <CampoSelect label={t.canal} value={canal} onChange={(e) => setCanal(e.target.value as AplicarLinea['canal'])}>
          <option value="transferencia">{pagoVentanillaTexts.canales.transferencia}</option>
          <option value="sinpe_movil">{pagoVentanillaTexts.canales.sinpe_movil}</option>
        </CampoSelect>
      </div>
    </DialogoConfirmacion>
  );
}
