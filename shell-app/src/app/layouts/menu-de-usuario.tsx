import { authTexts } from '@cuota/shared/texts/auth';
import { navTexts } from '@cuota/shared/texts/nav';
import { Activity, LogOut, Megaphone, Settings } from '@cuota/shared/ui';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@cuota/shared/ui/dropdown-menu';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { useNavigate } from 'react-router-dom';
import { signOutAndLeave } from '../../features/auth';

const n = navTexts;

export interface MenuDeUsuarioProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The header's user button, the menu's trigger. */
  children: ReactElement;
  /** What the menu's label shows (the e-mail, or the generic user label). */
  etiqueta: string;
}

/**
 * The admin header's user menu (Radix dropdown with its positioning library): a chunk of its own,
 * loaded when the user reaches for the button, not with the first screen.
 */
export function MenuDeUsuario({ open, onOpenChange, children, etiqueta }: MenuDeUsuarioProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (
    <DropdownMenu open={open} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger asChild>{children}</DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel className="truncate">{etiqueta}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => navigate('/monitoreo')}>
          <Activity aria-hidden />
          {n.monitoreo}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate('/comunicacion')}>
          <Megaphone aria-hidden />
          {n.comunicacion}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate('/configuracion')}>
          <Settings aria-hidden />
          {n.configuracion}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void signOutAndLeave(queryClient, navigate)}>
          <LogOut aria-hidden />
          {authTexts.signOut}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
