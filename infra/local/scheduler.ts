import { JOBS } from '@cuota/functions/manifest';
import { lambdaContext, loadHandler } from './handlers';

type JobId = (typeof JOBS)[number]['id'];

/** EventBridge schedules stand-in: each job of the manifest runs every `everyMinutes`, or on demand. */
export class Scheduler {
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly running = new Set<string>();

  start(): void {
    for (const job of JOBS) {
      this.timers.push(setInterval(() => void this.run(job.id).catch(() => undefined), job.everyMinutes * 60_000));
    }
  }

  async run(id: JobId | string, input: Record<string, unknown> = {}): Promise<unknown> {
    const job = JOBS.find((j) => j.id === id);
    if (!job) throw new Error(`trabajo desconocido: ${id}`);
    if (this.running.has(id)) return { skipped: 'en ejecución' };
    this.running.add(id);
    try {
      const handler = await loadHandler(job.handler);
      return await handler({ source: 'local.scheduler', 'detail-type': 'Scheduled Event', detail: input, time: new Date().toISOString() }, lambdaContext(id));
    } catch (error) {
      console.error(`[scheduler] ${id} falló`, error);
      throw error;
    } finally {
      this.running.delete(id);
    }
  }

  stop(): void {
    for (const t of this.timers) clearInterval(t);
  }
}
