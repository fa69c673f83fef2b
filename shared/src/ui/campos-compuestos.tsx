import { CampoTexto, type CampoTextoProps } from '@cuota/shared/ui';
import { PasswordStrengthMeter } from './password-strength-meter';

type CampoContrasena = Omit<CampoTextoProps, 'type' | 'autoComplete' | 'required'>;

/** A new password (with its strength meter under it) and its confirmation; `valor` is the new password typed. */
export function CamposContrasenaNueva({
  nueva,
  confirmar,
  valor,
}: {
  nueva: CampoContrasena;
  confirmar: CampoContrasena;
  valor: string;
}) {
  return (
    <>
      <CampoTexto {...nueva} type="password" autoComplete="new-password" required />
      <PasswordStrengthMeter password={valor} />
      <CampoTexto {...confirmar} type="password" autoComplete="new-password" required />
    </>
  );
}

type CampoPersona = Omit<CampoTextoProps, 'autoComplete' | 'required'>;

/** A person's given and family names, both required, side by side (one under the other on a phone). */
export function CamposNombreApellido({ nombre, apellido }: { nombre: CampoPersona; apellido: CampoPersona }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <CampoTexto {...nombre} autoComplete="given-name" required />
      <CampoTexto {...apellido} autoComplete="family-name" required />
    </div>
  );
}
