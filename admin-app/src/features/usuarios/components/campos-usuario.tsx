import { ROLE_LABELS, STAFF_ROLES } from '@cuota/shared/roles';
import { usuariosTexts } from '@cuota/shared/texts/usuarios';
import { CampoSelect, CampoTexto, Opciones } from '@cuota/shared/ui';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

const u = usuariosTexts;
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
      <CampoTexto label={f.nombre} error={errors.nombre?.message} autoComplete="off" {...register('nombre')} />
      <CampoTexto label={f.apellido} error={errors.apellido?.message} autoComplete="off" {...register('apellido')} />
    </div>
  );
}

/** The staff role (spec §5 Users: one of admin, analista, cobrador), chosen from a list. */
export function RolField({ register, errors, rolHint }: CamposUsuarioProps) {
  return (
    <CampoSelect label={f.rol} error={errors.rol?.message} hint={rolHint} {...register('rol')}>
      <option value="" disabled>
        {u.rolPlaceholder}
      </option>
      <Opciones valores={STAFF_ROLES} etiquetas={ROLE_LABELS} />
    </CampoSelect>
  );
}
