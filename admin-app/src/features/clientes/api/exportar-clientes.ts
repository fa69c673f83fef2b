import { clienteSchema, LIST_MAX_LIMIT, page, type Cliente } from '@cuota/shared';
import { enteroCsv, fechaCeldaCsv, textoCeldaCsv } from '@cuota/shared/documents';
import { reportesTexts } from '@cuota/shared/texts/reportes';
import { api, type ExportacionLista } from '@cuota/shared/web';

const l = reportesTexts.listas.clientes;
const clientesPage = page(clienteSchema);

/** 'Exportar CSV' of the clients list: the same GET /api/clientes and search, 100 per page. */
export function exportacionClientes(q: string): ExportacionLista<Cliente> {
  return {
    nombre: l.archivo,
    titulos: l.columnas,
    pagina: (cursor, signal) =>
      api.get('/api/clientes', { query: { q: q.trim(), limit: LIST_MAX_LIMIT, cursor }, schema: clientesPage, signal }),
    fila: (c) => [
      textoCeldaCsv(c.nombre),
      textoCeldaCsv(c.apellido),
      textoCeldaCsv(c.identidad_numero),
      textoCeldaCsv(c.email),
      textoCeldaCsv(c.telefono),
      textoCeldaCsv(c.ciudad),
      textoCeldaCsv(c.riesgo),
      textoCeldaCsv(c.kyc_completado ? reportesTexts.si : reportesTexts.no),
      enteroCsv(c.score_crediticio),
      fechaCeldaCsv(c.created_at),
    ],
  };
}
