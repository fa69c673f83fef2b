import { formatDate } from '@cuota/shared/format';
import { formatCRC } from '@cuota/shared/montos';
import type { Reestructuracion } from '@cuota/shared/schemas/reestructuracion';
import { reestructuracionTexts } from '@cuota/shared/texts/reestructuracion';
import { Badge, Button, CampoAreaTexto, Card, CardContent, CardHeader, CardTitle, toast } from '@cuota/shared/ui';
import { DialogoConfirmacion } from '@cuota/shared/ui/dialogo-confirmacion';
import { avisarErrorDeFormulario, claveParaEnvio, useMotivo, useTieneRol } from '@cuota/shared/web';
import { useMemo, useState } from 'react';
import { useAprobarReestructuracion, useReestructuraciones, useRechazarReestructuracion } from '../api/reestructuracion';
import { ReestructurarDialog, TablaCalendario } from './reestructurar-dialog';

const t = reestructuracionTexts;

/** The credit's restructurings: 'Reestructurar' (admin, analista), pending proposals an admin confirms or rejects, and each replaced schedule. */
export function ReestructuracionesCredito({ creditoId, activo }: { creditoId: string; activo: boolean }) {
  const puede = useTieneRol('admin', 'analista');
  const { data } = useReestructuraciones(creditoId);
  const items = data?.items ?? [];
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3 pb-3">
        <CardTitle className="text-base">{t.historial}</CardTitle>
        {puede && activo ? <ReestructurarDialog creditoId={creditoId} /> : null}
      </CardHeader>
      <CardContent className="grid gap-3">
        {items.length === 0 ? <p className="text-sm text-muted-foreground">{t.sinHistorial}</p> : null}
        {items.map((r) => (
          <Registro key={r.id} creditoId={creditoId} r={r} />
        ))}
      </CardContent>
    </Card>
  );
}

function Registro({ creditoId, r }: { creditoId: string; r: Reestructuracion }) {
  const esAdmin = useTieneRol('admin');
  const [verAnterior, setVerAnterior] = useState(false);
  return (
    <article
      className="grid gap-2 rounded-md border p-3 text-sm"
      aria-label={`${t.tipoCorto[r.tipo]} ${formatDate(r.plan.fecha)}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{t.tipoCorto[r.tipo]}</span>
        <Badge variant={r.estado === 'propuesta' ? 'warning' : r.estado === 'rechazada' ? 'secondary' : 'default'}>
          {t.estados[r.estado]}
        </Badge>
        <span className="text-muted-foreground">
          {formatDate(r.plan.fecha)} · {t.por(r.propuesta_por_nombre ?? r.propuesta_por)}
        </span>
      </div>
      <p className="break-words">{r.motivo}</p>
      <p className="text-muted-foreground">
        {t.cuota}: {formatCRC(r.plan.antes.cuota_centimos)} → {formatCRC(r.plan.despues.cuota_centimos)} · {t.plazo}:{' '}
        {r.plan.antes.plazo_meses} → {r.plan.despues.plazo_meses} · {t.saldo}: {formatCRC(r.plan.despues.saldo_capital_centimos)}
      </p>
      {r.motivo_rechazo ? <p className="text-muted-foreground">{r.motivo_rechazo}</p> : null}
      <div className="flex flex-wrap gap-2">
        {r.estado === 'confirmada' ? (
          <Button variant="outline" size="sm" onClick={() => setVerAnterior((v) => !v)} aria-expanded={verAnterior}>
            {t.verCalendarioAnterior}
          </Button>
        ) : null}
        {r.estado === 'propuesta' && esAdmin ? <AccionesPropuesta creditoId={creditoId} r={r} /> : null}
      </div>
      {verAnterior ? <TablaCalendario titulo={t.calendarioAnterior} cuotas={r.cuotas_anteriores} /> : null}
    </article>
  );
}

function AccionesPropuesta({ creditoId, r }: { creditoId: string; r: Reestructuracion }) {
  const aprobar = useAprobarReestructuracion(creditoId);
  const rechazar = useRechazarReestructuracion(creditoId);
  const claves = useMemo(() => claveParaEnvio(), []);
  const [open, setOpen] = useState(false);
  const { motivo, marcar, campo } = useMotivo();
  return (
    <>
      <Button
        size="sm"
        disabled={aprobar.isPending}
        onClick={() =>
          aprobar.mutate(
            { id: r.id, clave: claves.para({ id: r.id }) },
            {
              onSuccess: () => {
                claves.olvidar();
                toast.success(t.confirmada);
              },
              onError: (e) => avisarErrorDeFormulario(e, { campos: [], marcar: () => undefined, titulo: t.errorGuardar }),
            },
          )
        }
      >
        {t.aprobar}
      </Button>
      <DialogoConfirmacion
        open={open}
        onOpenChange={(v) => !rechazar.isPending && setOpen(v)}
        disparador={
          <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
            {t.rechazar}
          </Button>
        }
        titulo={t.rechazar}
        descripcion={r.motivo}
        cancelar={t.cancelar}
        cancelarDeshabilitado={rechazar.isPending}
        confirmar={
          <Button
            variant="destructive"
            disabled={rechazar.isPending}
            onClick={() =>
              rechazar.mutate(
                { id: r.id, motivo },
                {
                  onSuccess: () => {
                    toast.success(t.rechazada);
                    setOpen(false);
                  },
                  onError: (e) => avisarErrorDeFormulario(e, { campos: ['motivo'], marcar, titulo: t.errorGuardar }),
                },
              )
            }
          >
            {t.rechazar}
          </Button>
        }
      >
        <CampoAreaTexto label={t.motivoRechazo} rows={2} maxLength={500} {...campo} />
      </DialogoConfirmacion>
    </>
  );
}
