import { LIST_MAX_LIMIT } from '@cuota/shared/schemas/common';
import type { Solicitud } from '@cuota/shared/schemas/lending';
import { riskTexts } from '@cuota/shared/texts/risk';
import { solicitudEstadoTexts } from '@cuota/shared/texts/solicitudEstado';
import {
  entero as enteroCsv,
  fecha as fechaCeldaCsv,
  monto as montoCeldaCsv,
  texto as textoCeldaCsv,
} from '@cuota/shared/documents/csv';
import { reportesTexts } from '@cuota/shared/texts/reportes';
import type { ExportacionLista } from '@cuota/shared/web';
import { listarSolicitudes, type SolicitudesFiltro } from './listar-solicitudes';

const l = reportesTexts.listas.solicitudes;

/** 'Exportar CSV' of the solicitudes list: the same GET /api/solicitudes and filter, 100 per page. */
export function exportacionSolicitudes(filtro: SolicitudesFiltro): ExportacionLista<Solicitud> {
  return {
    nombre: l.archivo,
    titulos: l.columnas,
    pagina: (cursor, signal) => listarSolicitudes({ filtro, cursor }, signal, LIST_MAX_LIMIT),
    fila: (s) => [
      textoCeldaCsv(s.numero_solicitud),
      textoCeldaCsv(`${s.cliente_nombre} ${s.cliente_apellido}`),
      textoCeldaCsv(s.cliente_email),
      textoCeldaCsv(s.producto_nombre),
      montoCeldaCsv(s.monto_solicitado_centimos),
      enteroCsv(s.plazo_meses),
      textoCeldaCsv(solicitudEstadoTexts[s.estado] ?? s.estado),
      enteroCsv(s.score),
      textoCeldaCsv(s.riesgo_calculado ? riskTexts[s.riesgo_calculado] : null),
      fechaCeldaCsv(s.created_at),
    ],
  };
}
