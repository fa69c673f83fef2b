import { ROLE_LABELS, STAFF_ROLES, TEXTS } from '@cuota/shared';
import { Field, Input, Select } from '@cuota/shared/ui';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

const u = TEXTS.usuarios;
const f = u.fields;

type Campo = 'nombre' | 'apellido' | 'rol';

interface CamposUsuarioProps {
  /** The form's `register` for these fields (the create and edit forms both have them). */
  register: (name: Campo) => UseFormRegisterReturn;
  errors: Partial<Record<Campo, FieldError>>;
  /** Under the role, e.g. what promoting to admin does. */
  rolHint?: string;
}

/** Nombre and Apellido side by side, as the create and edit dialogs show them. */
export function NombreApellidoFields({ register, errors }: Omit<CamposUsuarioProps, 'rolHint'>) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field label={f.nombre} error={errors.nombre?.message}>
        {(p) => <Input {...p} autoComplete="off" {...register('nombre')} />}
      </Field>
      <Field label={f.apellido} error={errors.apellido?.message}>
        {(p) => <Input {...p} autoComplete="off" {...register('apellido')} />}
      </Field>
    </div>
  );
}

/** The staff role (spec §5 Users: one of admin, analista, cobrador), chosen from a list. */
export function RolField({ register, errors, rolHint }: CamposUsuarioProps) {
  return (
    <Field label={f.rol} error={errors.rol?.message} hint={rolHint}>
      {(p) => (
        <Select {...p} {...register('rol')}>
          <option value="" disabled>
            {u.rolPlaceholder}
          </option>
          {STAFF_ROLES.map((rol) => (
            <option key={rol} value={rol}>
              {ROLE_LABELS[rol]}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}
