import type { Cliente } from '@cuota/shared/schemas/cliente';
import { LIST_MAX_LIMIT } from '@cuota/shared/schemas/common';
import { riskTexts } from '@cuota/shared/texts/risk';
import { entero as enteroCsv, fecha as fechaCeldaCsv, texto as textoCeldaCsv } from '@cuota/shared/documents/csv';
import { reportesTexts } from '@cuota/shared/texts/reportes';
import type { ExportacionLista } from '@cuota/shared/web';
import { listarClientes } from './listar-clientes';

const l = reportesTexts.listas.clientes;

/** 'Exportar CSV' of the clients list: the same GET /api/clientes and search, 100 per page. */
export function exportacionClientes(q: string): ExportacionLista<Cliente> {
  return {
    nombre: l.archivo,
    titulos: l.columnas,
    pagina: (cursor, signal) => listarClientes({ q, cursor }, signal, LIST_MAX_LIMIT),
    fila: (c) => [
      textoCeldaCsv(c.nombre),
      textoCeldaCsv(c.apellido),
      textoCeldaCsv(c.identidad_numero),
      textoCeldaCsv(c.email),
      textoCeldaCsv(c.telefono),
      textoCeldaCsv(c.ciudad),
      textoCeldaCsv(c.riesgo ? riskTexts[c.riesgo] : null),
      textoCeldaCsv(c.kyc_completado ? reportesTexts.si : reportesTexts.no),
      enteroCsv(c.score_crediticio),
      fechaCeldaCsv(c.created_at),
    ],
  };
}
