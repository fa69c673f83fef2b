import { formatFechaHora } from '@cuota/shared/format';
import type { Campana, CampanaEstado } from '@cuota/shared/schemas/comunicacion';
import { comunicacionTexts } from '@cuota/shared/texts/comunicacion';
import { comunicacionPageTexts } from '@cuota/shared/texts/comunicacionPage';
import { errorsTexts } from '@cuota/shared/texts/errors';
import { Badge, Button, EmptyState, Mail, Send, Skeleton, toast, type BadgeVariant } from '@cuota/shared/ui';
import { DialogoConfirmacion } from '@cuota/shared/ui/dialogo-confirmacion';
import { Progress } from '@cuota/shared/ui/progress';
import { errorMessage } from '@cuota/shared/web';
import { useState } from 'react';
import { ListaConsultada } from '../../../shared-admin/lista-consultada';
import { RegionConTitulo } from '../../../shared-admin/region-con-titulo';
import { useEnviarCampana } from '../api/enviar-campana';
import { CAMPANAS_LIMITE, useListarCampanas } from '../api/listar-campanas';

const c = comunicacionTexts;
const t = c.campanas;
const cp = comunicacionPageTexts;

const ESTADO_VARIANT: Record<CampanaEstado, BadgeVariant> = {
  borrador: 'secondary',
  programado: 'info',
  enviando: 'warning',
  completado: 'success',
  error: 'destructive',
};

/** Share of the segment the sender has dealt with (sent, failed or skipped for lack of email). */
export function porcentajeProcesado(campana: Campana): number {
  if (campana.estado === 'completado' && campana.total_destinatarios === 0) return 100;
  if (campana.total_destinatarios === 0) return 0;
  const procesados = campana.enviados + campana.fallidos + campana.omitidos;
  return Math.min(100, Math.round((procesados / campana.total_destinatarios) * 100));
}

function CampanaItem({ campana, onEnviar }: { campana: Campana; onEnviar: (campana: Campana) => void }) {
  const accion = campana.estado === 'borrador' ? t.enviar : campana.estado === 'error' ? t.reanudar : null;
  const conProgreso = campana.estado !== 'borrador' && campana.estado !== 'programado';
  return (
    <li className="grid gap-2 py-4 first:pt-0 last:pb-0" data-estado={campana.estado}>
      <div className="flex items-start justify-between gap-3">
        <div className="grid min-w-0 gap-0.5">
          <p className="font-medium break-words">{campana.nombre}</p>
          <p className="text-sm break-words text-muted-foreground">{campana.asunto}</p>
        </div>
        <Badge variant={ESTADO_VARIANT[campana.estado]}>{t.estados[campana.estado]}</Badge>
      </div>
      <p className="flex flex-wrap gap-x-1.5 text-xs text-muted-foreground">
        <span>{c.segmentos[campana.segmento]}</span>
        <span aria-hidden>·</span>
        <span className="font-medium text-foreground tabular-nums">{t.destinatarios(campana.total_destinatarios)}</span>
        <span aria-hidden>·</span>
        <span>
          {t.creadaEl} <time dateTime={campana.created_at}>{formatFechaHora(campana.created_at)}</time>
        </span>
      </p>
      {conProgreso ? (
        <div className="grid gap-1">
          <Progress
            value={porcentajeProcesado(campana)}
            aria-label={cp.progresoEnvio(campana.nombre)}
            indicatorClassName={
              campana.estado === 'error' ? 'bg-destructive' : campana.estado === 'completado' ? 'bg-success' : undefined
            }
          />
          <p className="flex flex-wrap gap-x-1.5 text-xs text-muted-foreground tabular-nums">
            <span className="font-medium text-foreground">{t.progreso(campana.enviados, campana.total_destinatarios)}</span>
            {campana.fallidos > 0 ? (
              <>
                <span aria-hidden>·</span>
                <span>{t.fallidos(campana.fallidos)}</span>
              </>
            ) : null}
            {campana.omitidos > 0 ? (
              <>
                <span aria-hidden>·</span>
                <span>{t.omitidos(campana.omitidos)}</span>
              </>
            ) : null}
          </p>
        </div>
      ) : null}
      {accion ? (
        <div className="flex justify-end">
          <Button size="sm" aria-label={cp.accion(accion, campana.nombre)} onClick={() => onEnviar(campana)}>
            <Send aria-hidden />
            {accion}
          </Button>
        </div>
      ) : null}
    </li>
  );
}

/** 'Campañas Recientes': the newest 10 with estado, recipients, date and live send progress. Admin only. */
export function CampanasRecientes() {
  const consulta = useListarCampanas();
  const enviar = useEnviarCampana();
  const [porEnviar, setPorEnviar] = useState<Campana | null>(null);

  function confirmar() {
    if (!porEnviar) return;
    const campana = porEnviar;
    enviar.mutate(campana.id, {
      onSuccess: () => {
        toast.success(t.envioIniciado, campana.nombre);
        setPorEnviar(null);
      },
      onError: (err) => {
        toast.error(t.enviarError, errorMessage(err, errorsTexts.internal));
        setPorEnviar(null);
      },
    });
  }

  return (
    <>
      <RegionConTitulo titulo={t.recientes}>
        <ListaConsultada
          consulta={consulta}
          limite={CAMPANAS_LIMITE}
          vacio={<EmptyState icon={<Mail />} title={t.vacio} />}
          cargando={
            <div className="grid gap-4" aria-busy="true">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} className="h-20" />
              ))}
            </div>
          }
          errorTitulo={cp.campanasLoadError}
        >
          {(campana) => <CampanaItem key={campana.id} campana={campana} onEnviar={setPorEnviar} />}
        </ListaConsultada>
      </RegionConTitulo>

      <DialogoConfirmacion
        open={porEnviar !== null}
        onOpenChange={(open) => (open || enviar.isPending ? undefined : setPorEnviar(null))}
        titulo={t.enviarConfirm}
        descripcion={
          <>
            {porEnviar ? t.enviarTexto(porEnviar.total_destinatarios) : null}
            {porEnviar ? (
              <span className="mt-2 block font-medium text-foreground">
                {porEnviar.nombre} · {porEnviar.asunto}
              </span>
            ) : null}
          </>
        }
        cancelar={t.cancelar}
        cancelarDeshabilitado={enviar.isPending}
        confirmar={
          <Button disabled={enviar.isPending} onClick={confirmar}>
            {enviar.isPending ? comunicacionTexts.push.enviando : t.enviarConfirmar}
          </Button>
        }
      />
    </>
  );
}
