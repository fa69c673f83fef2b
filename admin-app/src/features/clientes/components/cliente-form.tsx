import {
  IDENTIDAD_TIPOS,
  clienteCrearSchema,
  type Cliente,
  type ClienteCrear,
  type ClienteCrearInput,
} from '@cuota/shared/schemas/cliente';
import { clientesTexts } from '@cuota/shared/texts/clientes';
import { CampoSelect, CampoTelefono, CampoTexto, Opciones, toast } from '@cuota/shared/ui';
import { type Path } from 'react-hook-form';
import { FormularioDeAlta } from '../../../shared-admin/formulario-de-alta';
import { useCrearCliente } from '../api/crear-cliente';
import { avisarErrorDeFormulario, marcarEnFormulario } from '@cuota/shared/web';
import { useFormularioDeEsquema } from '../../../shared-admin/use-formulario-de-esquema';

const c = clientesTexts;
const f = c.fields;

const EMPTY: ClienteCrearInput = {
  nombre: '',
  apellido: '',
  identidad_tipo: 'cedula',
  identidad_numero: '',
  fecha_nacimiento: '',
  email: '',
  telefono: '',
  direccion: '',
  ciudad: '',
  pais: 'Costa Rica',
};

const CAMPOS = Object.keys(EMPTY) as Path<ClienteCrearInput>[];

export interface ClienteFormProps {
  onCreated?: (cliente: Cliente) => void;
}

/** Spec §5 Client form: the shared zod schema shows its messages at each field. */
export function ClienteForm({ onCreated }: ClienteFormProps) {
  const crear = useCrearCliente();
  const { form, campo } = useFormularioDeEsquema(clienteCrearSchema, EMPTY);

  function onSubmit(values: ClienteCrear) {
    crear.mutate(values, {
      onSuccess: (cliente) => {
        toast.success(c.created, `${cliente.nombre} ${cliente.apellido}`);
        form.reset(EMPTY);
        onCreated?.(cliente);
      },
      // The typed values stay; the server's per-field messages show where they belong.
      onError: (error) =>
        avisarErrorDeFormulario(error, { campos: CAMPOS, marcar: marcarEnFormulario(form), porDefecto: c.createError }),
    });
  }

  return (
    <FormularioDeAlta
      etiqueta={c.formTitle}
      onSubmit={form.handleSubmit(onSubmit)}
      ocupado={crear.isPending}
      enviar={c.submit}
      enviando={c.saving}
    >
      <CampoTexto label={f.nombre} autoComplete="off" {...campo('nombre')} />
      <CampoTexto label={f.apellido} autoComplete="off" {...campo('apellido')} />
      <CampoSelect label={f.identidad_tipo} {...campo('identidad_tipo')}>
        <Opciones valores={IDENTIDAD_TIPOS} etiquetas={c.identidadTipos} />
      </CampoSelect>
      <CampoTexto
        label={f.identidad_numero}
        autoComplete="off"
        placeholder={c.identidadNumeroPlaceholder}
        {...campo('identidad_numero')}
      />
      <CampoTexto label={f.fecha_nacimiento} type="date" {...campo('fecha_nacimiento')} />
      <CampoTexto label={f.email} type="email" autoComplete="off" {...campo('email')} />
      <CampoTelefono label={f.telefono} {...campo('telefono')} />
      <CampoTexto label={f.ciudad} autoComplete="off" {...campo('ciudad')} />
      <CampoTexto label={f.direccion} fieldClassName="sm:col-span-2" autoComplete="off" {...campo('direccion')} />
      <CampoTexto label={f.pais} autoComplete="off" {...campo('pais')} />
    </FormularioDeAlta>
  );
}
