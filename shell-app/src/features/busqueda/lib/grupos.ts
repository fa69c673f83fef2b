import { formatearIdentificacion } from '@cuota/shared/identidad';
import type { ResultadoBusqueda } from '@cuota/shared/schemas/busqueda';
import { busquedaTexts as t } from '@cuota/shared/texts/busqueda';
import { creditoEstadoTexts } from '@cuota/shared/texts/creditoEstado';
import { solicitudEstadoTexts } from '@cuota/shared/texts/solicitudEstado';
import type { GrupoDeOpciones, OpcionDeBusqueda } from '@cuota/shared/web';

/** A result with the screen it opens: the client's profile, the credit's or the solicitud's detail. */
export type OpcionConRuta = OpcionDeBusqueda & { ruta: string };

/** The answer as the list shows it, grouped by kind, in the order clientes, créditos, solicitudes. */
export function gruposDe(r: ResultadoBusqueda | undefined): (GrupoDeOpciones & { opciones: OpcionConRuta[] })[] {
  if (!r) return [];
  return [
    {
      id: 'clientes',
      etiqueta: t.grupos.clientes,
      opciones: r.clientes.map((c) => ({
        id: c.id,
        ruta: `/clientes/${c.id}`,
        texto: `${c.nombre} ${c.apellido}`,
        detalle: [c.identidad_numero ? formatearIdentificacion(c.identidad_tipo, c.identidad_numero) : null, c.email, c.telefono]
          .filter(Boolean)
          .join(' · '),
      })),
    },
    {
      id: 'creditos',
      etiqueta: t.grupos.creditos,
      opciones: r.creditos.map((c) => ({
        id: c.id,
        ruta: `/creditos/${c.id}`,
        texto: c.numero_credito,
        detalle: `${c.cliente_nombre} ${c.cliente_apellido} · ${creditoEstadoTexts[c.estado]}`,
      })),
    },
    {
      id: 'solicitudes',
      etiqueta: t.grupos.solicitudes,
      opciones: r.solicitudes.map((s) => ({
        id: s.id,
        ruta: `/solicitudes/${s.id}`,
        texto: s.numero_solicitud,
        detalle: `${s.cliente_nombre} ${s.cliente_apellido} · ${solicitudEstadoTexts[s.estado]}`,
      })),
    },
  ];
}
