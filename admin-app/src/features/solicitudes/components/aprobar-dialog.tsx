import { formatCRC, leerMonto, mensajeMonto, montoEditable } from '@cuota/shared/montos';
import type { Solicitud } from '@cuota/shared/schemas/lending';
import { SOLICITUD_PLAZO_MAX, SOLICITUD_PLAZO_MIN, type SolicitudAccion } from '@cuota/shared/schemas/solicitudes';
import { errorsTexts } from '@cuota/shared/texts/errors';
import { solicitudesTexts } from '@cuota/shared/texts/solicitudes';
import { solicitudesPageTexts } from '@cuota/shared/texts/solicitudesPage';
import { CampoAreaTexto, CampoSelect, CampoTexto, MontoField, toast } from '@cuota/shared/ui';
import { DialogoDeFormulario } from '@cuota/shared/ui/ventana-de-dialogo';
import { errorMessage, isApiError } from '@cuota/shared/web';
import { useState, type FormEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useAprobarSolicitud } from '../api/aprobacion';
import { useListarProductosActivos } from '../api/listar-productos-activos';

const t = solicitudesTexts;
const p = solicitudesPageTexts;
const a = p.aprobarDialogo;

/** The RPC's error, 'No tienes permisos…' on a 403, or the API's message. */
export function mensajeDeError(error: unknown, porDefecto: string): string {
  if (isApiError(error) && error.status === 403) return error.fromServer && error.message ? error.message : errorsTexts.forbidden;
  if (error instanceof Error && !isApiError(error) && error.message) return error.message;
  return errorMessage(error, porDefecto);
}

type Errores = Partial<Record<'monto' | 'plazo' | 'producto' | 'condiciones', string>>;

export interface AprobarDialogProps {
  solicitud: Pick<Solicitud, 'id' | 'numero_solicitud' | 'monto_solicitado_centimos' | 'plazo_meses' | 'producto_id'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDone?: (result: SolicitudAccion) => void;
}

/** 'Aprobar': the approved amount (typed '450.000'), term, product and conditions. Moves no money. */
export function AprobarDialog({ solicitud: s, open, onOpenChange, onDone }: AprobarDialogProps) {
  const aprobar = useAprobarSolicitud();
  const productos = useListarProductosActivos();
  // the amount box is the form's (MontoField reads it live as it is typed: '450.000' → ₡450 000,00)
  const form = useForm<{ monto: string }>({ defaultValues: { monto: montoEditable(s.monto_solicitado_centimos) } });
  const monto = useWatch({ control: form.control, name: 'monto' }) ?? '';
  const [plazo, setPlazo] = useState(String(s.plazo_meses));
  const [productoId, setProductoId] = useState(s.producto_id);
  const [condiciones, setCondiciones] = useState('');
  const [errores, setErrores] = useState<Errores>({});

  function validar(): { errores: Errores; centimos: number; meses: number } {
    const e: Errores = {};
    const lectura = leerMonto(monto);
    const centimos = lectura.ok ? lectura.centimos : 0;
    if (!lectura.ok) e.monto = mensajeMonto(lectura.error, { requerido: t.montoAprobadoInvalido });
    else if (centimos <= 0) e.monto = t.montoAprobadoInvalido;
    else if (centimos > s.monto_solicitado_centimos)
      e.monto = t.montoAprobadoMayor
        .replace('{aprobado}', formatCRC(centimos))
        .replace('{solicitado}', formatCRC(s.monto_solicitado_centimos));
    const meses = Number(plazo.trim());
    if (!Number.isInteger(meses) || meses < SOLICITUD_PLAZO_MIN) e.plazo = t.plazoMinimo;
    else if (meses > SOLICITUD_PLAZO_MAX) e.plazo = t.plazoMaximo;
    if (!productoId) e.producto = t.productoRequerido;
    if (condiciones.length > 1000) e.condiciones = t.condicionesLargas;
    return { errores: e, centimos, meses };
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const v = validar();
    setErrores(v.errores);
    if (Object.keys(v.errores).length) return;
    const terminos = {
      monto_aprobado_centimos: v.centimos,
      plazo_meses: v.meses,
      producto_id: productoId,
      ...(condiciones.trim() ? { condiciones: condiciones.trim() } : {}),
    };
    aprobar.mutate(
      { id: s.id, terminos },
      {
        onSuccess: (result) => {
          toast.success(t.approved, s.numero_solicitud);
          onOpenChange(false);
          onDone?.(result);
        },
        onError: (error) => {
          const d = isApiError(error) ? error.details : undefined;
          if (d && Object.keys(d).length) {
            setErrores({
              monto: d.monto_aprobado_centimos,
              plazo: d.plazo_meses,
              producto: d.producto_id,
              condiciones: d.condiciones,
            });
          }
          toast.error(t.approveError, mensajeDeError(error, t.approveError));
        },
      },
    );
  }

  const opciones = productos.data?.items ?? [];
  return (
    <DialogoDeFormulario
      abierto={open}
      onAbiertoChange={onOpenChange}
      ocupado={aprobar.isPending}
      titulo={a.titulo(s.numero_solicitud)}
      descripcion={a.descripcion(formatCRC(s.monto_solicitado_centimos), s.plazo_meses)}
      onSubmit={onSubmit}
      textos={{ cancelar: p.cancel, enviar: a.enviar, enviando: a.enviando }}
    >
      <MontoField label={a.monto} hint={a.montoAyuda} error={errores.monto} valor={monto} {...form.register('monto')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <CampoTexto
          label={a.plazo}
          error={errores.plazo}
          inputMode="numeric"
          value={plazo}
          onChange={(e) => setPlazo(e.target.value)}
        />
        <CampoSelect
          label={a.producto}
          error={errores.producto}
          value={productoId}
          onChange={(e) => setProductoId(e.target.value)}
          aria-busy={productos.isPending}
        >
          {opciones.some((o) => o.id === productoId) ? null : <option value={productoId}>{productoId ? '—' : ''}</option>}
          {opciones.map((o) => (
            <option key={o.id} value={o.id}>
              {o.nombre} ({o.tasa_interes_anual} %)
            </option>
          ))}
        </CampoSelect>
      </div>
      <CampoAreaTexto
        label={a.condiciones}
        error={errores.condiciones}
        rows={2}
        placeholder={a.condicionesPlaceholder}
        value={condiciones}
        onChange={(e) => setCondiciones(e.target.value)}
      />
    </DialogoDeFormulario>
  );
}
