import { describe, expect, it } from 'vitest';
import { BackgroundTasks } from './background-tasks';

describe('BackgroundTasks', () => {
  it('runs tasks only when scheduled, reports failures, and idle() waits for all of them', async () => {
    const queued: (() => void)[] = [];
    const tasks = new BackgroundTasks((run) => void queued.push(run));
    const done: string[] = [];
    const errors: unknown[] = [];
    tasks.run(async () => void done.push('a'), (error) => errors.push(error));
    tasks.run(() => Promise.reject(new Error('mail server away')), (error) => errors.push(error));
    expect(done).toEqual([]);
    for (const run of queued.splice(0)) run();
    await tasks.idle();
    expect(done).toEqual(['a']);
    expect(errors).toEqual([new Error('mail server away')]);
  });

  it('drops new tasks while the limit is pending, and takes them again once those ended', async () => {
    const queued: (() => void)[] = [];
    const tasks = new BackgroundTasks((run) => void queued.push(run), 2);
    const ignore = () => undefined;
    expect([tasks.run(async () => undefined, ignore), tasks.run(async () => undefined, ignore), tasks.run(async () => undefined, ignore)]).toEqual([true, true, false]);
    for (const run of queued.splice(0)) run();
    await tasks.idle();
    expect(tasks.run(async () => undefined, ignore)).toBe(true);
    for (const run of queued.splice(0)) run();
    await tasks.idle();
  });
});
