import { zodResolver } from '@hookform/resolvers/zod';
import {
  clienteCrearSchema,
  IDENTIDAD_TIPOS,
  TEXTS,
  type Cliente,
  type ClienteCrear,
  type ClienteCrearInput,
} from '@cuota/shared';
import { Button, Field, Input, Select, toast } from '@cuota/shared/ui';
import { useForm, type Path } from 'react-hook-form';
import { useCrearCliente } from '../api/crear-cliente';
import { avisarErrorDeFormulario, marcarEnFormulario } from '@cuota/shared/web';

const c = TEXTS.clientes;
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
  const form = useForm<ClienteCrearInput, unknown, ClienteCrear>({
    resolver: zodResolver(clienteCrearSchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;

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
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate aria-label={c.formTitle} className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={f.nombre} error={errors.nombre?.message}>
          {(p) => <Input {...p} autoComplete="off" {...form.register('nombre')} />}
        </Field>
        <Field label={f.apellido} error={errors.apellido?.message}>
          {(p) => <Input {...p} autoComplete="off" {...form.register('apellido')} />}
        </Field>
        <Field label={f.identidad_tipo} error={errors.identidad_tipo?.message}>
          {(p) => (
            <Select {...p} {...form.register('identidad_tipo')}>
              {IDENTIDAD_TIPOS.map((tipo) => (
                <option key={tipo} value={tipo}>
                  {c.identidadTipos[tipo]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={f.identidad_numero} error={errors.identidad_numero?.message}>
          {(p) => (
            <Input {...p} autoComplete="off" placeholder={c.identidadNumeroPlaceholder} {...form.register('identidad_numero')} />
          )}
        </Field>
        <Field label={f.fecha_nacimiento} error={errors.fecha_nacimiento?.message}>
          {(p) => <Input {...p} type="date" {...form.register('fecha_nacimiento')} />}
        </Field>
        <Field label={f.email} error={errors.email?.message}>
          {(p) => <Input {...p} type="email" autoComplete="off" {...form.register('email')} />}
        </Field>
        <Field label={f.telefono} error={errors.telefono?.message}>
          {(p) => (
            <Input
              {...p}
              type="tel"
              autoComplete="off"
              placeholder={TEXTS.auth.telefonoPlaceholder}
              {...form.register('telefono')}
            />
          )}
        </Field>
        <Field label={f.ciudad} error={errors.ciudad?.message}>
          {(p) => <Input {...p} autoComplete="off" {...form.register('ciudad')} />}
        </Field>
        <Field label={f.direccion} error={errors.direccion?.message} className="sm:col-span-2">
          {(p) => <Input {...p} autoComplete="off" {...form.register('direccion')} />}
        </Field>
        <Field label={f.pais} error={errors.pais?.message}>
          {(p) => <Input {...p} autoComplete="off" {...form.register('pais')} />}
        </Field>
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={crear.isPending}>
          {crear.isPending ? c.saving : c.submit}
        </Button>
      </div>
    </form>
  );
}
