import { clienteActualizarSchema, type Cliente } from '@cuota/shared/schemas/cliente';
import { clientesTexts } from '@cuota/shared/texts/clientes';
import { CampoSelect, CampoTelefono, CampoTexto, toast } from '@cuota/shared/ui';
import { DialogoDeFormulario } from '@cuota/shared/ui/ventana-de-dialogo';
import { avisarErrorDeFormulario, marcarEnFormulario } from '@cuota/shared/web';
import { useMemo } from 'react';
import type { Path } from 'react-hook-form';
import * as z from 'zod/mini';
import { useFormularioDeEsquema } from '../../../shared-admin/use-formulario-de-esquema';
import { useActualizarCliente, type ClienteCambios } from '../api/actualizar-cliente';

const c = clientesTexts;
const f = c.fields;

interface Valores {
  nombre: string;
  apellido: string;
  telefono: string;
  direccion: string;
  ciudad: string;
  pais: string;
  kyc: 'completo' | 'pendiente';
}
const CAMPOS: Path<Valores>[] = ['nombre', 'apellido', 'telefono', 'direccion', 'ciudad', 'pais'];

function valoresDe(cliente: Cliente): Valores {
  return {
    nombre: cliente.nombre,
    apellido: cliente.apellido,
    telefono: cliente.telefono ?? '',
    direccion: cliente.direccion ?? '',
    ciudad: cliente.ciudad ?? '',
    pais: cliente.pais,
    kyc: cliente.kyc_completado ? 'completo' : 'pendiente',
  };
}

/** The fields that differ from the client as stored (trimmed): a field left as it was is not sent, so an old record's empty phone does not block saving the rest. */
export function cambiosDe(cliente: Cliente, v: Valores): ClienteCambios {
  const antes = valoresDe(cliente);
  const cambios: ClienteCambios = {};
  for (const campo of ['nombre', 'apellido', 'telefono', 'direccion', 'ciudad', 'pais'] as const) {
    if (v[campo].trim() !== antes[campo].trim()) cambios[campo] = v[campo].trim();
  }
  if (v.kyc !== antes.kyc) cambios.kyc_completado = v.kyc === 'completo';
  return cambios;
}

/** The changed fields checked with the route's own schema (the same messages as the server's). */
function esquemaPara(cliente: Cliente) {
  return z.pipe(
    z
      .object({
        nombre: z.string(),
        apellido: z.string(),
        telefono: z.string(),
        direccion: z.string(),
        ciudad: z.string(),
        pais: z.string(),
        kyc: z.enum(['completo', 'pendiente']),
      })
      .check(
        z.superRefine((v, ctx) => {
          const cambios = cambiosDe(cliente, v);
          if (Object.keys(cambios).length === 0) return;
          const r = clienteActualizarSchema.safeParse(cambios);
          for (const issue of r.success ? [] : r.error.issues)
            ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
        }),
      ),
    z.transform((v: Valores) => cambiosDe(cliente, v)),
  );
}

export interface EditarClienteDialogProps {
  cliente: Cliente;
  abierto: boolean;
  onAbiertoChange: (abierto: boolean) => void;
}

/** 'Editar datos': name, contact data and the KYC state; only what changed is sent. */
export function EditarClienteDialog({ cliente, abierto, onAbiertoChange }: EditarClienteDialogProps) {
  const actualizar = useActualizarCliente();
  const esquema = useMemo(() => esquemaPara(cliente), [cliente]);
  const { form, campo } = useFormularioDeEsquema(esquema, valoresDe(cliente));

  function cambiarAbierto(siguiente: boolean) {
    if (siguiente) form.reset(valoresDe(cliente));
    onAbiertoChange(siguiente);
  }

  function onValid(cambios: ClienteCambios) {
    // nothing changed: nothing to save
    if (Object.keys(cambios).length === 0) return cambiarAbierto(false);
    actualizar.mutate(
      { id: cliente.id, cambios },
      {
        onSuccess: (actualizado) => {
          toast.success(c.updated, `${actualizado.nombre} ${actualizado.apellido}`);
          cambiarAbierto(false);
        },
        onError: (error) =>
          avisarErrorDeFormulario(error, { campos: CAMPOS, marcar: marcarEnFormulario(form), porDefecto: c.updateError }),
      },
    );
  }

  return (
    <DialogoDeFormulario
      abierto={abierto}
      onAbiertoChange={cambiarAbierto}
      ocupado={actualizar.isPending}
      titulo={c.editTitle}
      descripcion={c.editDescription}
      clase="max-h-[90dvh] overflow-y-auto"
      onSubmit={form.handleSubmit(onValid)}
      textos={{ cancelar: c.cancel, enviar: c.editSubmit, enviando: c.saving }}
    >
      <CampoTexto label={f.nombre} autoComplete="off" {...campo('nombre')} />
      <CampoTexto label={f.apellido} autoComplete="off" {...campo('apellido')} />
      <CampoTelefono label={f.telefono} {...campo('telefono')} />
      <CampoTexto label={f.direccion} autoComplete="off" {...campo('direccion')} />
      <CampoTexto label={f.ciudad} autoComplete="off" {...campo('ciudad')} />
      <CampoTexto label={f.pais} autoComplete="off" {...campo('pais')} />
      <CampoSelect label={c.kycEstado} {...campo('kyc')}>
        <option value="completo">{c.kycOpciones.completo}</option>
        <option value="pendiente">{c.kycOpciones.pendiente}</option>
      </CampoSelect>
    </DialogoDeFormulario>
  );
}
