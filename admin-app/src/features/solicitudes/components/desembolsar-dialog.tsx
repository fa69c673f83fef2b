import { fechaNegocio } from '@cuota/shared/domain/fechas';
import { formatDate, formatPorcentaje } from '@cuota/shared/format';
import { formatCRC } from '@cuota/shared/montos';
import {
  CANALES_DESEMBOLSO,
  OVERRIDE_MOTIVO_MIN,
  PRIMER_VENCIMIENTO_MAX_DIAS,
  PRIMER_VENCIMIENTO_MIN_DIAS,
  esIbanCostaRica,
  telefonoSinpe,
  type CanalDesembolso,
  type SolicitudAccion,
} from '@cuota/shared/schemas/solicitudes';
import { solicitudesTexts } from '@cuota/shared/texts/solicitudes';
import { solicitudesPageTexts } from '@cuota/shared/texts/solicitudesPage';
import { Button, CampoAreaTexto, CampoSelect, CampoTexto, Opciones, Skeleton, toast } from '@cuota/shared/ui';
import { PieDeDialogo } from '@cuota/shared/ui/pie-de-dialogo';
import { VentanaDeDialogo } from '@cuota/shared/ui/ventana-de-dialogo';
import { isApiError, LoadError, nuevaClaveIdempotencia } from '@cuota/shared/web';
import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useDesembolsarSolicitud, useProductosActivosConTerminos } from '../api/aprobacion';
import { useObtenerSolicitud } from '../api/obtener-solicitud';
import { mensajeDeError } from './aprobar-dialog';
import { limitesPrimerVencimiento, primerVencimientoPorDefecto, vistaDesembolso } from '../lib/vista-desembolso';

const t = solicitudesTexts;
const p = solicitudesPageTexts;
const d = p.desembolsoDialogo;

type Errores = Partial<Record<'fecha' | 'cuenta' | 'override', string>>;

export interface DesembolsarDialogProps {
  solicitudId: string;
  numero: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDone?: (result: SolicitudAccion) => void;
}

function Fila({ label, children, fuerte }: { label: string; children: ReactNode; fuerte?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-3 py-1">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className={fuerte ? 'text-right font-semibold tabular-nums' : 'text-right tabular-nums'}>{children}</dd>
    </div>
  );
}

/**
 * 'Desembolsar': confirms amount, fees, net to the customer, cuota, first due date (a date picker,
 * default one month), the broken first period's interest and the total cost, then the channel and
 * destination account; a missing score or a pending KYC asks for the override's reason.
 */
export function DesembolsarDialog({ solicitudId, numero, open, onOpenChange, onDone }: DesembolsarDialogProps) {
  const desembolsar = useDesembolsarSolicitud();
  return (
    <VentanaDeDialogo
      abierto={open}
      onAbiertoChange={onOpenChange}
      ocupado={desembolsar.isPending}
      titulo={d.titulo(numero)}
      descripcion={d.descripcion}
      clase="max-w-xl"
    >
      {open ? (
        <Formulario
          solicitudId={solicitudId}
          numero={numero}
          onCancelar={() => onOpenChange(false)}
          onDone={(r) => {
            onOpenChange(false);
            onDone?.(r);
          }}
          mutacion={desembolsar}
        />
      ) : null}
    </VentanaDeDialogo>
  );
}

function Formulario({
  solicitudId,
  numero,
  onCancelar,
  onDone,
  mutacion,
}: {
  solicitudId: string;
  numero: string;
  onCancelar: () => void;
  onDone: (r: SolicitudAccion) => void;
  mutacion: ReturnType<typeof useDesembolsarSolicitud>;
}) {
  const solicitud = useObtenerSolicitud(solicitudId);
  const productos = useProductosActivosConTerminos();
  const hoy = useMemo(() => fechaNegocio(new Date()), []);
  const limites = limitesPrimerVencimiento(hoy);
  const [fecha, setFecha] = useState(primerVencimientoPorDefecto(hoy));
  const [canal, setCanal] = useState<CanalDesembolso>('transferencia');
  const [cuenta, setCuenta] = useState('');
  const [override, setOverride] = useState('');
  const [errores, setErrores] = useState<Errores>({});
  // one key per opened dialog: a retry after a lost answer repeats the same disbursement
  const [clave] = useState(nuevaClaveIdempotencia);

  const s = solicitud.data;
  const productoId = s ? (s.producto_aprobado_id ?? s.producto_id) : '';
  const producto = productos.data?.items.find((x) => x.id === productoId);
  const monto = s ? (s.monto_aprobado_centimos ?? s.monto_solicitado_centimos) : 0;
  const plazo = s ? (s.plazo_aprobado_meses ?? s.plazo_meses) : 0;
  const vista = useMemo(
    () =>
      producto && s
        ? vistaDesembolso({
            montoCentimos: monto,
            tasaAnual: producto.tasa_interes_anual,
            plazoMeses: plazo,
            metodo: producto.metodo_amortizacion,
            hoy,
            primerVencimiento: fecha || primerVencimientoPorDefecto(hoy),
            producto,
          })
        : null,
    [producto, s, monto, plazo, hoy, fecha],
  );

  if (solicitud.isError || productos.isError) {
    const error = solicitud.error ?? productos.error;
    return (
      <LoadError
        title={d.error}
        error={error}
        onRetry={() => {
          void solicitud.refetch();
          void productos.refetch();
        }}
      />
    );
  }
  if (!s || productos.isPending) {
    return (
      <div className="grid gap-3" aria-busy="true" aria-label={d.cargando}>
        <Skeleton className="h-6 w-full" />
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    );
  }
  const bloqueos = [
    ...(s.score === null ? [d.sinScore] : []),
    ...(s.cliente && !s.cliente.kyc_completado ? [d.kycPendiente] : []),
  ];

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const e: Errores = {};
    if (fecha && (fecha < limites.min || fecha > limites.max))
      e.fecha = d.primerVencimientoAyuda(PRIMER_VENCIMIENTO_MIN_DIAS, PRIMER_VENCIMIENTO_MAX_DIAS);
    if (canal === 'transferencia' && !esIbanCostaRica(cuenta)) e.cuenta = t.ibanInvalido;
    if (canal === 'sinpe_movil' && !telefonoSinpe(cuenta)) e.cuenta = t.telefonoSinpeInvalido;
    if (bloqueos.length && override.trim().length < OVERRIDE_MOTIVO_MIN) e.override = t.overrideCorto;
    setErrores(e);
    if (Object.keys(e).length) return;
    const datos = {
      ...(fecha ? { fecha_primer_vencimiento: fecha } : {}),
      canal_desembolso: canal,
      ...(cuenta.trim() && (canal === 'transferencia' || canal === 'sinpe_movil') ? { cuenta_destino: cuenta.trim() } : {}),
      ...(bloqueos.length ? { override_motivo: override.trim() } : {}),
    };
    mutacion.mutate(
      { id: solicitudId, datos, clave },
      {
        onSuccess: (result) => {
          toast.success(p.desembolsado, result.credito?.numero_credito ?? numero);
          onDone(result);
        },
        onError: (error) => {
          const det = isApiError(error) ? error.details : undefined;
          if (det && Object.keys(det).length)
            setErrores({ fecha: det.fecha_primer_vencimiento, cuenta: det.cuenta_destino, override: det.override_motivo });
          toast.error(t.disburseError, mensajeDeError(error, t.disburseError));
        },
      },
    );
  }

  const necesitaCuenta = canal === 'transferencia' || canal === 'sinpe_movil';
  return (
    <form onSubmit={onSubmit} noValidate aria-label={d.titulo(numero)} className="grid gap-4">
      {!producto ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-900">
          {d.productoNoDisponible}
        </p>
      ) : null}
      <dl className="grid divide-y rounded-md border px-3 py-1" aria-label={d.titulo(numero)}>
        <Fila label={d.producto}>
          {producto?.nombre ?? s.producto_aprobado_nombre ?? s.producto_nombre ?? '—'}
          {producto ? ` · ${formatPorcentaje(producto.tasa_interes_anual)}` : ''}
        </Fila>
        <Fila label={d.plazo}>{p.months(plazo)}</Fila>
        <Fila label={d.monto}>{formatCRC(monto)}</Fila>
        <Fila label={vista?.financiada ? d.comisionFinanciada : d.comisiones}>{formatCRC(vista?.comisiones ?? 0)}</Fila>
        {vista?.financiada ? <Fila label={d.principal}>{formatCRC(vista.principal)}</Fila> : null}
        <Fila label={d.neto} fuerte>
          {formatCRC(vista?.neto ?? monto)}
        </Fila>
        <Fila label={d.cuota} fuerte>
          <span data-testid="cuota-desembolso">{vista ? formatCRC(vista.cuota) : '—'}</span>
        </Fila>
        <Fila label={d.primeraCuota}>
          {vista ? `${formatCRC(vista.primeraCuota)} · ${formatDate(vista.primerVencimiento)}` : '—'}
        </Fila>
        <Fila label={d.interesPeriodoInicial(vista?.diasPrimerPeriodo ?? 0)}>
          {vista ? formatCRC(vista.interesPrimerPeriodo) : '—'}
        </Fila>
        <Fila label={d.totalIntereses}>{vista ? formatCRC(vista.totalIntereses) : '—'}</Fila>
        <Fila label={d.costoTotal} fuerte>
          {vista ? formatCRC(vista.costoTotal) : '—'}
        </Fila>
        <Fila label={d.tae}>{vista ? formatPorcentaje(vista.tae) : '—'}</Fila>
        {s.condiciones ? <Fila label={d.condiciones}>{s.condiciones}</Fila> : null}
      </dl>

      <div className="grid gap-4 sm:grid-cols-2">
        <CampoTexto
          label={d.primerVencimiento}
          error={errores.fecha}
          hint={d.primerVencimientoAyuda(PRIMER_VENCIMIENTO_MIN_DIAS, PRIMER_VENCIMIENTO_MAX_DIAS)}
          type="date"
          min={limites.min}
          max={limites.max}
          value={fecha}
          onChange={(e) => setFecha(e.target.value)}
        />
        <CampoSelect label={d.canal} value={canal} onChange={(e) => setCanal(e.target.value as CanalDesembolso)}>
          <Opciones valores={CANALES_DESEMBOLSO} etiquetas={t.canales} />
        </CampoSelect>
      </div>
      {necesitaCuenta ? (
        <CampoTexto
          label={canal === 'transferencia' ? d.cuentaIban : d.cuentaSinpe}
          error={errores.cuenta}
          autoComplete="off"
          inputMode={canal === 'sinpe_movil' ? 'tel' : 'text'}
          placeholder={canal === 'transferencia' ? 'CR05 0152 0200 1026 2840 66' : '8888-8888'}
          value={cuenta}
          onChange={(e) => setCuenta(e.target.value)}
        />
      ) : null}

      {bloqueos.length ? (
        <div role="alert" className="grid gap-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-3 text-sm text-amber-950">
          <p className="font-medium">{d.bloqueoTitulo}</p>
          <ul className="list-disc pl-5">
            {bloqueos.map((b) => (
              <li key={b}>{b}</li>
            ))}
          </ul>
          <CampoAreaTexto
            label={d.override}
            error={errores.override}
            hint={d.overrideAyuda}
            rows={2}
            value={override}
            onChange={(e) => setOverride(e.target.value)}
          />
        </div>
      ) : null}

      <PieDeDialogo cancelar={p.cancel} onCancelar={onCancelar} ocupado={mutacion.isPending}>
        <Button type="submit" disabled={mutacion.isPending || !producto || !vista}>
          {mutacion.isPending ? d.enviando : d.confirmar}
        </Button>
      </PieDeDialogo>
    </form>
  );
}
