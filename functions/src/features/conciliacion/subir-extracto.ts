import { defineRoute, Reply } from '#commons/http';
import { rutaSubirExtracto } from './routes';
import { subirExtracto } from './service';

export const handler = defineRoute(
  rutaSubirExtracto,
  async ({ body, caller }) => new Reply(201, await subirExtracto(body, caller)),
);
