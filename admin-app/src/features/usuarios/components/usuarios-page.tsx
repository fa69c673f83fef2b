import { formatDate, TEXTS, type Usuario } from '@cuota/shared';
import {
  Button,
  Card,
  CardContent,
  EmptyState,
  EncabezadoDePagina,
  Mail,
  Plus,
  ShieldAlert,
  TableCell,
  TableHead,
  TableRow,
  useCursorPagination,
  UserCog,
  Users,
} from '@cuota/shared/ui';
import { TablaPaginada, useEsAdmin, useObtenerYo } from '@cuota/shared/web';
import { useState } from 'react';
import { useListarUsuarios } from '../api/listar-usuarios';
import { CrearUsuarioDialog } from './crear-usuario-dialog';
import { EditarUsuarioDialog } from './editar-usuario-dialog';
import { EliminarRolesDialog } from './eliminar-roles-dialog';
import { RestablecerDialog } from './restablecer-dialog';
import { RolBadges } from './rol-badges';

const u = TEXTS.usuarios;
const COLUMNS = 5;

export function UsuariosPage() {
  const esAdmin = useEsAdmin();
  const userId = useObtenerYo().data?.userId ?? null;
  const [crearOpen, setCrearOpen] = useState(false);
  const [editando, setEditando] = useState<Usuario | null>(null);
  const [restableciendo, setRestableciendo] = useState<Usuario | null>(null);
  const [quitando, setQuitando] = useState<Usuario | null>(null);
  const pagination = useCursorPagination('usuarios');
  const consulta = useListarUsuarios(pagination.cursor, esAdmin === true);

  return (
    <div className="grid gap-6">
      <EncabezadoDePagina
        titulo={TEXTS.pages.usuarios}
        subtitulo={u.subtitle}
        acciones={
          esAdmin ? (
            <Button onClick={() => setCrearOpen(true)}>
              <Plus aria-hidden />
              {u.newUser}
            </Button>
          ) : null
        }
      />

      <Card>
        <CardContent className="grid gap-4 pt-6">
          {esAdmin === false ? (
            <EmptyState icon={<ShieldAlert />} title={TEXTS.errors.forbidden} />
          ) : (
            <TablaPaginada
              consulta={{ ...consulta, isPending: esAdmin === undefined || consulta.isPending }}
              paginacion={pagination}
              errorTitulo={TEXTS.clientes.loadError}
              vacio={<EmptyState icon={<Users />} title={u.empty} />}
              columnasCarga={COLUMNS}
              etiqueta={TEXTS.pages.usuarios}
              encabezado={
                <TableRow>
                  <TableHead>{u.columns.usuario}</TableHead>
                  <TableHead className="hidden sm:table-cell">{u.columns.roles}</TableHead>
                  <TableHead className="hidden md:table-cell">{u.columns.email}</TableHead>
                  <TableHead className="hidden sm:table-cell">{u.columns.fecha}</TableHead>
                  <TableHead className="text-right">
                    <span className="sr-only">{u.columns.acciones}</span>
                  </TableHead>
                </TableRow>
              }
              clave={(usuario) => usuario.id}
              fila={(usuario) => {
                const nombre = `${usuario.nombre} ${usuario.apellido}`;
                return (
                  <TableRow>
                    <TableCell>
                      <span className="font-medium">{nombre}</span>
                      <span className="mt-1 block sm:hidden">
                        <RolBadges roles={usuario.roles} />
                      </span>
                      {/* On small screens the email and date columns are hidden: show them under the name. */}
                      <span className="block text-xs break-all text-muted-foreground md:hidden">{usuario.email}</span>
                      <span className="block text-xs text-muted-foreground sm:hidden">
                        {u.createdAt} {formatDate(usuario.created_at)}
                      </span>
                    </TableCell>
                    <TableCell className="hidden sm:table-cell">
                      <RolBadges roles={usuario.roles} />
                    </TableCell>
                    <TableCell className="hidden text-muted-foreground md:table-cell">{usuario.email}</TableCell>
                    <TableCell className="hidden whitespace-nowrap sm:table-cell">{formatDate(usuario.created_at)}</TableCell>
                    <TableCell>
                      <div className="flex flex-wrap justify-end gap-1">
                        <Button
                          variant="outline"
                          size="sm"
                          aria-label={`${u.editTitle}: ${nombre}`}
                          title={u.editTitle}
                          onClick={() => setEditando(usuario)}
                        >
                          <UserCog aria-hidden />
                          <span className="hidden lg:inline">{u.edit}</span>
                        </Button>
                        <Button
                          variant="outline"
                          size="sm"
                          aria-label={`${u.resetTitle}: ${nombre}`}
                          title={u.resetTitle}
                          onClick={() => setRestableciendo(usuario)}
                        >
                          <Mail aria-hidden />
                        </Button>
                        {/* Only users with roles; never one's own (the server refuses it too). */}
                        {usuario.roles.length > 0 && usuario.id !== userId ? (
                          <Button
                            variant="outline"
                            size="sm"
                            className="text-destructive"
                            aria-label={`${u.removeRoles}: ${nombre}`}
                            title={u.removeRoles}
                            onClick={() => setQuitando(usuario)}
                          >
                            <ShieldAlert aria-hidden />
                          </Button>
                        ) : (
                          // Keeps the action columns aligned from row to row on wider screens.
                          <span aria-hidden className="hidden h-8 w-[42px] sm:inline-block" />
                        )}
                      </div>
                    </TableCell>
                  </TableRow>
                );
              }}
            />
          )}
        </CardContent>
      </Card>

      {esAdmin ? (
        <>
          <CrearUsuarioDialog open={crearOpen} onOpenChange={setCrearOpen} />
          <EditarUsuarioDialog usuario={editando} onOpenChange={(open) => !open && setEditando(null)} />
          <RestablecerDialog usuario={restableciendo} onOpenChange={(open) => !open && setRestableciendo(null)} />
          <EliminarRolesDialog usuario={quitando} onOpenChange={(open) => !open && setQuitando(null)} />
        </>
      ) : null}
    </div>
  );
}
