import { ROLE_LABELS, type StaffRole } from '@cuota/shared/roles';
import { usuariosTexts } from '@cuota/shared/texts/usuarios';
import { Badge, type BadgeVariant } from '@cuota/shared/ui';

/** Spec §6: role badge colours — admin red, analista primary, cobrador warning. */
const VARIANT: Record<StaffRole, BadgeVariant> = { admin: 'destructive', analista: 'default', cobrador: 'warning' };

export function RolBadges({ roles }: { roles: readonly StaffRole[] }) {
  if (roles.length === 0) return <Badge variant="outline">{usuariosTexts.noRoles}</Badge>;
  return (
    <span className="flex flex-wrap gap-1">
      {roles.map((rol) => (
        <Badge key={rol} variant={VARIANT[rol]}>
          {ROLE_LABELS[rol]}
        </Badge>
      ))}
    </span>
  );
}
