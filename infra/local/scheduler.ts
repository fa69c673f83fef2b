import { JOBS } from '@cuota/functions/manifest';
import { lambdaContext, loadHandler } from './handlers';

type JobId = (typeof JOBS)[number]['id'];
/** The jobs' Lambda timeout on AWS (infra/lib/jobs.ts): a job that budgets its work by the time left sees the same here. */
const JOB_TIMEOUT_MS = 5 * 60_000;

/** A job asked for before the stack's data is ready: nothing ran. */
export class ServicioIniciando extends Error {
  readonly code = 'SERVICE_STARTING';
  constructor(id: string) {
    super(`el trabajo ${id} no corre hasta que los datos estén listos`);
  }
}

/**
 * EventBridge schedules stand-in: each timed job of the manifest runs every `everyMinutes`, and any
 * job on demand.
 * It is closed until start() (called once the data is ready): before that run() refuses every job
 * and only the start-up itself runs one, with runAtStartup().
 */
export class Scheduler {
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly running = new Set<string>();
  private open = false;

  /** Opens the scheduler: jobs run on demand and on their timers from now on. */
  start(): void {
    this.open = true;
    for (const job of JOBS) {
      if (!job.everyMinutes) continue; // on demand only
      this.timers.push(setInterval(() => void this.run(job.id).catch(() => undefined), job.everyMinutes * 60_000));
    }
  }

  /** Runs a job now, or throws ServicioIniciando while the scheduler is not open. */
  async run(id: JobId | string, input: Record<string, unknown> = {}): Promise<unknown> {
    if (!this.open) throw new ServicioIniciando(id);
    return this.execute(id, input);
  }

  /** A job the start-up needs before the stack is ready (e.g. feeding segments from older data). */
  async runAtStartup(id: JobId, input: Record<string, unknown> = {}): Promise<unknown> {
    return this.execute(id, input);
  }

  private async execute(id: string, input: Record<string, unknown>): Promise<unknown> {
    const job = JOBS.find((j) => j.id === id);
    if (!job) throw new Error(`trabajo desconocido: ${id}`);
    if (this.running.has(id)) return { skipped: 'en ejecución' };
    this.running.add(id);
    try {
      const handler = await loadHandler(job.handler);
      return await handler(
        { source: 'local.scheduler', 'detail-type': 'Scheduled Event', detail: input, time: new Date().toISOString() },
        lambdaContext(id, JOB_TIMEOUT_MS),
      );
    } catch (error) {
      console.error(`[scheduler] ${id} falló`, error);
      throw error;
    } finally {
      this.running.delete(id);
    }
  }

  stop(): void {
    this.open = false;
    for (const t of this.timers) clearInterval(t);
  }
}
